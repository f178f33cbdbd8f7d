/**
 * The phone recommender engine (docs/recommender.md). Pure TypeScript: no framework, no server code,
 * no catalogue data — functions take the phones and today's date as arguments (the date defaults to
 * the caller's current date), so an island receives finished `Phone` objects (from
 * /phone-recommender/phones.json) and never downloads raw records, and the same answers on the same
 * day give the same results everywhere.
 *
 * ── Where the code lives (docs/recommender.md#where-the-code-lives) ─────────────────────────────────
 *   src/lib/recommender/         this engine (the modules below)
 *   src/lib/recommender/ui/      what the islands show, without React: comparison rows, the current-phone
 *                                card, spec rows, display text, session storage, the API request helper
 *   src/stores/recommender/      the wizard's state and actions (nanostores), one file per concern
 *   src/islands/recommender/     the React islands (wizard, results page); React lives only there
 *   src/lib/catalogue/, src/data/phones/   the phone catalogue (also read by the signup forms)
 *
 * ── Answers ─────────────────────────────────────────────────────────────────────────────────────────
 *   Preferences, preferencesSchema           the visitor's answers (session storage shape)
 *   quickCurrentPhoneAnswer(value)           iphone -> {currentBrand:'Apple', os:'ios'}, ...
 *   usableCurrentPhone(prefs)                stored current phone unless a generic placeholder
 *   splitPhoneText(text)                     'Samsung Galaxy S24' -> {brand, model}
 *
 * ── Wizard ──────────────────────────────────────────────────────────────────────────────────────────
 *   questionsFor(mode)                       8 (basic) or 11 (advanced) Question objects: title,
 *                                            description, why, stepName, skippable, options[{value,
 *                                            label, description}], sets (preference keys)
 *   MODE_TOOLTIP, CURRENT_PHONE_SEARCH, CURRENT_PHONE_PLACEHOLDER_NAMES
 *   answerLabel(prefs, id), preferenceSummary(prefs, mode)   readable answers (Your Preferences)
 *   clearAnswersFrom(prefs, mode, step)      answers of `step` and later removed
 *   BUDGET_SLIDER, BUDGET_TICKS, budgetTier(v), budgetDollars(v), budgetReadout(v)
 *   PRICE_RANGE_LABELS, PRICE_RANGE_NAMES
 *   wizardProgress(step, questions), progressBarValue(value, max)
 *   UNKNOWN ('—'), orUnknown(v), formatPrice(n, decimals=0), phonePriceLabel(phone)  (CAD; 'about $2,420'
 *                                            when phone.priceEstimated: a converted US price)
 *   encodeAnswers(prefs) / decodeAnswers(str)   shareable `a` URL parameter (null if invalid)
 *
 * ── Recommending ────────────────────────────────────────────────────────────────────────────────────
 *   recommend(phones, prefs, {today})        top 2 Recommendation {phone, matchScore, reasons, notes,
 *                                            upgrade {verdict, reasons, blockers...}, working[{criterion,
 *                                            label, answer, phoneHas, points, max, rule}], points,
 *                                            maxPoints, scoreRule, tieBreakers}
 *   rankPhones(phones, prefs, {today})       every candidate, best first (within budget first)
 *   scorePhone(phone, prefs, {today})        one phone's Recommendation
 *   filterCandidates(phones, prefs, {today}) sold now, this year or the two before, OS/brand, not the own phone
 *   toRecommendationSummary(rec)             {model, brand, matchScore, reasons} for the e-mail POST
 *   SCORING, isWeakMatch(score)              the one table of points (documented in scoring.ts; the
 *                                            engine around it: candidates, criteria, reasons, notes,
 *                                            ranking, recommend, recommendation)
 *   checkUpgrade(current, phone, prefs, max, today)   is a suggestion a real upgrade? spec-vs-spec reasons
 *   updatesLabel(updates, today), availabilityLabel(availability, today)   display text of both
 *
 * ── Phones by name ──────────────────────────────────────────────────────────────────────────────────
 *   parsePhoneText(text, defaultBrand)       local guess of brand + model
 *   searchCatalogue(phones, query, limit)    ranked text search (exact, prefix, ..., contains)
 *   resolvePhone(phones, text)               the catalogue phone a text names, or null
 *   guessReleaseYear(model), DEFAULT_RELEASE_YEAR
 *   supportLabel(brand, year, currentYear), ageBasedPriceTier(model, year)   (phones known by name only)
 *   DEFAULT_PRICE (699.99), impliesFiveG(year), impliesAiFeatures(year)
 *   (camera, battery, screen, storage and performance classes: src/lib/catalogue/classes.ts, one way)
 *
 * ── Shared zod schemas (./schemas) ──────────────────────────────────────────────────────────────────
 *   saveRecommendationsFormSchema, resultsEmailFormSchema, FORM_MESSAGES,
 *   recommendationsPayloadSchema (POST /api/recommendations), searchResponseSchema,
 *   phoneSpecsResponseSchema, LIMITS
 */
export * from './preferences';
export * from './questions';
export * from './budget';
export * from './progress';
export * from './scoring';
export type {
  Criterion,
  TieBreaker,
  CriterionWorking,
  TieBreakWorking,
  AskNote,
  Recommendation,
  EngineOptions,
} from './recommendation';
export { toRecommendationSummary } from './recommendation';
export * from './candidates';
export * from './criteria';
export { genericReasons } from './reasons';
export * from './ranking';
export * from './recommend';
export * from './upgrade';
export * from './search';
export * from './classify';
export * from './share';
export * from './schemas';
export * from './format';
export * from './price-label';
export { updatesLabel } from '../catalogue/updates';
export { availabilityLabel } from '../catalogue/availability';
export {
  toSearchResult,
  toSpecsPhone,
  searchPhones,
  estimatePhone,
  phoneSpecsFor,
  SEARCH_LIMIT,
  ESTIMATED_NOTE,
} from './responses';
export type {
  Phone,
  PriceRange,
  CameraQuality,
  BatteryLife,
  ScreenSize,
  Storage,
  ProcessorSpeed,
  AdvancedFeature,
} from '../catalogue/schema';
