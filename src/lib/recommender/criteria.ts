/**
 * The rows of the scoring table (scoring.ts) applied to one phone: per criterion, the visitor's
 * answer, what the phone has, the points given, the maximum and the rule, and the match score they
 * add up to. Pure; client-safe: today's date is an option (update support counts from it).
 */
import {
  BATTERY_LIVES,
  CAMERA_CLASS_NAMES,
  CAMERA_QUALITIES,
  PROCESSOR_CLASS_NAMES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
} from '../catalogue/enums';
import { monthYear } from '../catalogue/pricing';
import type { Phone } from '../catalogue/schema';
import { osYearsLeft } from '../catalogue/updates';
import { budgetDollars, budgetMaxCad, PRICE_RANGE_LABELS, PRICE_RANGE_NAMES } from './budget';
import { fitsOsChoice, maxSpendCad, OVER_SLIDER_TOLERANCE } from './candidates';
import { formatPrice } from './format';
import { phonePriceLabel } from './price-label';
import { bestTele, cap, lensText, storageText } from './phone-text';
import type { Preferences } from './preferences';
import { optionLabel } from './questions';
import { todayOf, type Criterion, type CriterionWorking, type EngineOptions } from './recommendation';
import { SCORING } from './scoring';
import { resolutionAt, teles } from './upgrade';

const rank = <T extends string>(order: readonly T[], v: T) => order.indexOf(v);

function osName(phone: Phone): string {
  return phone.os === 'ios' ? 'iOS' : `Android (${phone.brand})`;
}

/** Does the phone suit a primary use? (see the table) */
function suitsUse(phone: Phone, use: NonNullable<Preferences['primaryUse']>): { suits: boolean; has: string } {
  const s = phone.specs;
  const battery = s.batteryLife ?? 'unknown';
  // An unpublished battery is not held against a phone (unknown is neutral).
  const longBattery = s.batteryLife !== 'standard';
  switch (use) {
    case 'productivity':
      return { suits: s.processorSpeed !== 'standard', has: `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip` };
    case 'content':
      return { suits: s.cameraQuality === 'professional', has: CAMERA_CLASS_NAMES[s.cameraQuality] };
    case 'entertainment':
      return {
        suits: s.screenSize === 'large' && longBattery,
        has: `${cap(s.screenSize)} screen, ${battery} battery`,
      };
    default:
      return { suits: longBattery, has: `${cap(battery)} battery` };
  }
}

/** Does the phone fit where the visitor uses it? (see the table; 'home' asks for nothing) */
function fitsEnvironment(phone: Phone, env: NonNullable<Preferences['environment']>): { fits: boolean; has: string } {
  const s = phone.specs;
  if (env === 'work')
    return { fits: s.processorSpeed !== 'standard', has: `${PROCESSOR_CLASS_NAMES[s.processorSpeed]} chip` };
  const battery = `${cap(s.batteryLife ?? 'unknown')} battery`;
  if (env === 'outdoor') return { fits: s.batteryLife === 'maximum' || s.batteryLife === null, has: battery };
  return { fits: s.batteryLife !== 'standard', has: battery };
}

/** The budget as the visitor gave it, readable: 'Up to $1,020', '$1500+ (no limit)' or a tier. */
function budgetAnswer(prefs: WithBudget): string {
  if (prefs.budgetValue === undefined)
    return `${PRICE_RANGE_NAMES[prefs.budget]} (${PRICE_RANGE_LABELS[prefs.budget]})`;
  const max = budgetMaxCad(prefs.budget, prefs.budgetValue);
  return Number.isFinite(max) ? `Up to ${formatPrice(budgetDollars(prefs.budgetValue))}` : 'No limit ($1500+)';
}

type WithBudget = Preferences & { budget: NonNullable<Preferences['budget']> };

/** Budget points of a phone: full within what the visitor would spend, then a slope down to 0. */
export function budgetPoints(price: number, max: number): number {
  const b = SCORING.budget;
  if (!Number.isFinite(max) || price <= max) return b.within;
  const over = price / max - 1;
  return Math.max(b.over, Math.round(b.within * (1 - over / SCORING.slopeToShare) * 100) / 100);
}

function scoreBudget(phone: Phone, prefs: WithBudget): CriterionWorking {
  const max = maxSpendCad(prefs);
  const b = SCORING.budget;
  const points = budgetPoints(phone.price, max);
  const over = Math.round(phone.price - max);
  return {
    criterion: 'budget',
    label: 'Budget',
    answer: budgetAnswer(prefs),
    phoneHas: `${PRICE_RANGE_NAMES[phone.priceRange]} · ${phonePriceLabel(phone)}`,
    points,
    max: b.within,
    rule:
      points === b.within
        ? 'within your budget'
        : points > b.over
          ? `${formatPrice(over)} over what you would spend: fewer points the further over (a slope, not a cliff)`
          : 'well over your budget',
  };
}

/** A core question the visitor skipped: counted, 0 points. */
function notAnswered(criterion: Criterion, label: string, max: number): CriterionWorking {
  return {
    criterion,
    label,
    answer: 'Skipped',
    phoneHas: '—',
    points: SCORING.notAnswered,
    max,
    rule: 'not answered: not counted as a match',
  };
}

/** Points of an ordered answer where more is at least as good: meets or beats, one step short, two or more. */
function levelRow(
  criterion: 'cameraQuality' | 'batteryLife' | 'processorSpeed' | 'storage',
  label: string,
  shortBy: number | null,
  table: { meets: number; oneShort: number; twoShort?: number; other?: number; unknown?: number },
  answer: string,
  phoneHas: string,
): CriterionWorking {
  const floor = table.twoShort ?? table.other ?? 0;
  const [points, rule] =
    shortBy === null
      ? [table.unknown ?? floor, 'not published: scored neutrally']
      : shortBy <= 0
        ? [table.meets, shortBy < 0 ? 'better than you asked' : 'as you asked']
        : shortBy === 1
          ? [table.oneShort, 'one step short of what you asked']
          : [floor, 'well short of what you asked'];
  return { criterion, label, answer, phoneHas, points, max: table.meets, rule };
}

const stepsShort = <T extends string>(order: readonly T[], asked: T, has: T | null) =>
  has === null ? null : rank(order, asked) - rank(order, has);

function cameraHas(phone: Phone): string {
  const main = lensText(phone.specs.cameraSpecs.mainCamera);
  const tele = bestTele(phone);
  const parts = [main ? `${main} main` : null, tele ? `${tele.zoom}x ${tele.mp}MP telephoto` : null].filter(Boolean);
  return `${CAMERA_CLASS_NAMES[phone.specs.cameraQuality]}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function batteryHas(phone: Phone): string {
  const { batteryMah: mah, batteryLife } = phone.specs;
  if (!mah || !batteryLife) return 'Unknown (capacity not published)';
  return `${cap(batteryLife)} (${mah.toLocaleString('en-US')} mAh)`;
}

/** The largest storage class a microSD slot reaches ('microSDXC (up to 1TB)' -> '1tb'), or null. */
export function cardStorage(slot: string | null): (typeof STORAGES)[number] | null {
  const m = slot ? /up to (\d+(?:\.\d+)?)\s*(TB|GB)/i.exec(slot) : null;
  if (!m) return null;
  const gb = Number(m[1]) * (m[2]!.toUpperCase() === 'TB' ? 1024 : 1);
  const sizes: Record<(typeof STORAGES)[number], number> = {
    '64gb': 64,
    '128gb': 128,
    '256gb': 256,
    '512gb': 512,
    '1tb': 1024,
  };
  return [...STORAGES].reverse().find((s) => sizes[s] <= gb) ?? null;
}

/** Storage a phone can hold: its largest version, or what its microSD slot takes when that is more. */
export function effectiveStorage(phone: Phone): (typeof STORAGES)[number] {
  const card = cardStorage(phone.specs.memoryCardSlot);
  return card && STORAGES.indexOf(card) > STORAGES.indexOf(phone.specs.storage) ? card : phone.specs.storage;
}

/**
 * Camera points of a phone that meets the answer, by what its lenses do (SCORING.cameraFine): for a
 * telephoto ask, the zoom's reach and sharpness; for a main-and-ultrawide ask, the ultrawide's.
 */
function cameraFinePoints(phone: Phone, asked: (typeof CAMERA_QUALITIES)[number]): number {
  const f = SCORING.cameraFine;
  const full = SCORING.camera.meets;
  if (asked === 'professional') {
    if (resolutionAt(phone, 5) >= f.sharpAt5xMp) return full;
    return Math.max(0, ...teles(phone).map((t) => t.zoom)) >= 5 ? f.softLongTele : f.shortTele;
  }
  if (asked === 'good') {
    const m = /(\d+(?:\.\d+)?)\s*MP/i.exec(phone.specs.cameraSpecs.ultrawide ?? '');
    return m && Number(m[1]) < f.ultrawideMp ? f.smallUltrawide : full;
  }
  return full;
}

/**
 * The scored working of one phone for the visitor's answers on `today` (update support counts from
 * it). Once a budget is set, the core rows always count (a skipped question earns 0); the other
 * questions count when answered with an ask.
 */
export function scoreCriteria(phone: Phone, prefs: Preferences, options?: EngineOptions): CriterionWorking[] {
  const rows: CriterionWorking[] = [];
  const s = phone.specs;
  const core = Boolean(prefs.budget);
  if (prefs.budget) rows.push(scoreBudget(phone, { ...prefs, budget: prefs.budget }));
  if (prefs.os && prefs.os !== 'no_preference') {
    const fits = fitsOsChoice(phone, prefs.os);
    rows.push({
      criterion: 'os',
      label: 'Brand / OS',
      answer: optionLabel('os', prefs.os),
      phoneHas: osName(phone),
      points: fits ? SCORING.os.fits : SCORING.os.other,
      max: SCORING.os.fits,
      rule: fits ? 'fits your choice' : 'does not fit your choice',
    });
  } else if (core && !prefs.os) rows.push(notAnswered('os', 'Brand / OS', SCORING.os.fits));
  if (prefs.cameraQuality) {
    const short = stepsShort(CAMERA_QUALITIES, prefs.cameraQuality, s.cameraQuality);
    const row = levelRow(
      'cameraQuality',
      'Camera',
      short,
      SCORING.camera,
      optionLabel('cameraQuality', prefs.cameraQuality),
      cameraHas(phone),
    );
    const fine = short !== null && short <= 0 ? cameraFinePoints(phone, prefs.cameraQuality) : row.points;
    rows.push(
      fine < row.points
        ? {
            ...row,
            points: fine,
            rule: `${row.rule}; ${prefs.cameraQuality === 'professional' ? 'a shorter or softer zoom than the best' : 'a low-resolution ultrawide'}`,
          }
        : row,
    );
  } else if (core) rows.push(notAnswered('cameraQuality', 'Camera', SCORING.camera.meets));
  if (prefs.batteryLife)
    rows.push(
      levelRow(
        'batteryLife',
        'Battery',
        stepsShort(BATTERY_LIVES, prefs.batteryLife, s.batteryLife),
        SCORING.battery,
        optionLabel('batteryLife', prefs.batteryLife),
        batteryHas(phone),
      ),
    );
  else if (core) rows.push(notAnswered('batteryLife', 'Battery', SCORING.battery.meets));
  if (prefs.primaryUse) {
    const { suits, has } = suitsUse(phone, prefs.primaryUse);
    rows.push({
      criterion: 'primaryUse',
      label: 'Primary use',
      answer: optionLabel('primaryUse', prefs.primaryUse),
      phoneHas: has,
      points: suits ? SCORING.primaryUse.suits : SCORING.primaryUse.other,
      max: SCORING.primaryUse.suits,
      rule: suits ? 'suits this use' : 'not the best fit for this use',
    });
  } else if (core) rows.push(notAnswered('primaryUse', 'Primary use', SCORING.primaryUse.suits));
  if (prefs.screenSize) {
    const gap = Math.abs(rank(SCREEN_SIZES, s.screenSize) - rank(SCREEN_SIZES, prefs.screenSize));
    const t = SCORING.screenSize;
    const inches = s.screenInches ? ` (${s.screenInches}")` : '';
    rows.push({
      criterion: 'screenSize',
      label: 'Screen size',
      answer: optionLabel('screenSize', prefs.screenSize),
      phoneHas: `${optionLabel('screenSize', s.screenSize)}${inches}`,
      points: gap === 0 ? t.same : gap === 1 ? t.nextSize : t.other,
      max: t.same,
      rule: gap === 0 ? 'the size you asked' : gap === 1 ? 'the next size' : 'not the size you asked',
    });
  }
  if (prefs.storage) {
    const card = cardStorage(s.memoryCardSlot);
    rows.push(
      levelRow(
        'storage',
        'Storage',
        stepsShort(STORAGES, prefs.storage, effectiveStorage(phone)),
        SCORING.storage,
        optionLabel('storage', prefs.storage),
        `Up to ${storageText(s.storage)}${card ? ` + microSD up to ${storageText(card)}` : ''}`,
      ),
    );
  }
  if (prefs.processorSpeed)
    rows.push(
      levelRow(
        'processorSpeed',
        'Performance',
        stepsShort(PROCESSOR_SPEEDS, prefs.processorSpeed, s.processorSpeed),
        SCORING.processorSpeed,
        optionLabel('processorSpeed', prefs.processorSpeed),
        `${PROCESSOR_CLASS_NAMES[s.processorSpeed]}${s.chipset ? ` (${s.chipset})` : ''}`,
      ),
    );
  if (prefs.advancedFeatures && prefs.advancedFeatures !== 'standard') {
    const asked = prefs.advancedFeatures;
    const has = s.featureTags.includes(asked);
    const labels = s.featureTags.map((t) => optionLabel('advancedFeatures', t));
    const f = SCORING.advancedFeatures;
    rows.push({
      criterion: 'advancedFeatures',
      label: 'Special features',
      answer: optionLabel('advancedFeatures', asked),
      phoneHas: labels.length ? labels.join(', ') : 'Nothing special',
      points: has ? f.has : f.other,
      max: f.has,
      rule: has ? 'has the feature' : 'does not have the feature',
    });
  }
  if (prefs.environment && prefs.environment !== 'home') {
    const { fits, has } = fitsEnvironment(phone, prefs.environment);
    rows.push({
      criterion: 'environment',
      label: 'Environment',
      answer: optionLabel('environment', prefs.environment),
      phoneHas: has,
      points: fits ? SCORING.environment.fits : SCORING.environment.other,
      max: SCORING.environment.fits,
      rule: fits ? 'fits where you use it' : 'not the best fit for where you use it',
    });
  }
  if (core) rows.push(scoreUpdates(phone, todayOf(options), updatesMax(prefs)));
  return rows;
}

/** The most the software-updates row is worth for this budget (more on a low budget). */
export function updatesMax(prefs: Pick<Preferences, 'budget' | 'budgetValue'>): number {
  const u = SCORING.updates;
  return maxSpendCad(prefs) <= u.lowBudgetCad * OVER_SLIDER_TOLERANCE ? u.lowBudgetMax : u.max;
}

function scoreUpdates(phone: Phone, today: Date, max: number): CriterionWorking {
  const u = SCORING.updates;
  const left = Math.max(0, osYearsLeft(phone.updates, today));
  // An estimated end of updates (a maker that publishes no date) is no more precise than half a
  // year: counted in half years, a model launched a few months after its family does not outrank
  // it on the decimals of an estimate (the iPhone 17e before every iPhone 17 Pro).
  const years = phone.updates.estimate ? Math.round(left * 2) / 2 : left;
  const until = monthYear(phone.updates.osUntil);
  const points = Math.round(max * Math.min(1, years / u.fullYears) * 100) / 100;
  const rule =
    years >= u.fullYears
      ? `${u.fullYears}+ years of OS updates ahead`
      : years > 0
        ? `${Math.floor(years * 10) / 10} years of OS updates ahead (full points at ${u.fullYears})`
        : 'OS updates have ended';
  return {
    criterion: 'updates',
    label: 'Software updates',
    answer: 'Years of updates (always counted)',
    phoneHas: `${years > 0 ? 'OS updates until' : 'OS updates ended'} ${until}${phone.updates.estimate ? ' (estimate)' : ''}`,
    points,
    max,
    rule,
  };
}

/** matchScore from the points earned and the points the counted rows could give (no budget -> 50). */
export function matchScoreFrom(points: number, maxPoints: number, budgetSet: boolean): number {
  if (!budgetSet || maxPoints <= 0) return SCORING.noBudgetScore;
  return Math.min(100, Math.round((points / maxPoints) * 100));
}
