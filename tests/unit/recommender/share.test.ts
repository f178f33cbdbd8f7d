import { describe, expect, it } from 'vitest';
import { PHONES } from '../../../src/lib/catalogue';
import {
  CURRENT_PHONE_QUICK_VALUES,
  MAX_ENCODED_LENGTH,
  budgetTier,
  decodeAnswers,
  encodeAnswers,
  questionsFor,
  quickCurrentPhoneAnswer,
  recommend,
  type Preferences,
  type WizardMode,
} from '../../../src/lib/recommender';
import { estimatePhone, toSearchResult } from '../../../src/lib/recommender/responses';
import {
  cardFromSearchResult,
  cardFromSpecsPhone,
  preferencesForCard,
} from '../../../src/lib/recommender/ui/currentPhone';

const full: Preferences = {
  currentPhone: 'iphone',
  currentBrand: 'Apple',
  searchedForCurrentPhone: false,
  os: 'ios',
  budget: 'premium',
  budgetValue: 80,
  primaryUse: 'content',
  cameraQuality: 'professional',
  batteryLife: 'maximum',
  screenSize: 'large',
  storage: '1tb',
  processorSpeed: 'premium',
  advancedFeatures: 'ai',
  environment: 'outdoor',
};

describe('shareable answers (URL parameter a)', () => {
  it('encodes answers compactly and URL-safely', () => {
    const a = encodeAnswers(full);
    expect(a).toBe('1.pi.b80.oi.uc.cp.ym.zl.st.rp.fa.eo');
    expect(encodeURIComponent(a)).toBe(a);
  });

  it('decodes what it encodes', () => {
    expect(decodeAnswers(encodeAnswers(full))).toEqual(full);
    const basic: Preferences = {
      currentPhone: 'android_other',
      currentBrand: 'Other',
      searchedForCurrentPhone: false,
      budget: 'budget',
      budgetValue: 0,
      storage: '64gb',
    };
    expect(decodeAnswers(encodeAnswers(basic))).toEqual(basic);
    expect(decodeAnswers(encodeAnswers({}))).toEqual({});
  });

  it('carries a searched phone name, including non-ASCII text, as base64url', () => {
    const prefs: Preferences = {
      currentPhone: 'Samsung Galaxy S24+',
      currentBrand: 'Samsung',
      searchedForCurrentPhone: true,
      budget: 'midrange',
      budgetValue: 50,
    };
    const a = encodeAnswers(prefs);
    expect(encodeURIComponent(a)).toBe(a);
    expect(decodeAnswers(a)).toEqual(prefs);
    const accented = { currentPhone: 'Motorola édition', currentBrand: 'Motorola', searchedForCurrentPhone: true };
    expect(decodeAnswers(encodeAnswers(accented))).toEqual(accented);
  });

  it('keeps a budget tier without a slider position', () => {
    expect(encodeAnswers({ budget: 'midrange' })).toBe('1.tm');
    expect(decodeAnswers('1.tm')).toEqual({ budget: 'midrange' });
  });

  it('derives the tier from the slider position on decode (24 budget, 25 midrange)', () => {
    expect(decodeAnswers('1.b24')?.budget).toBe('budget');
    expect(decodeAnswers('1.b25')?.budget).toBe('midrange');
  });

  it('decodes the longest possible encoding (decode caps input at MAX_ENCODED_LENGTH)', () => {
    // 80 and 40 characters of 3 bytes each: the longest name and brand encodeAnswers keeps.
    const name = '€'.repeat(80);
    const brand = '₤'.repeat(40);
    const a = encodeAnswers({ ...full, currentPhone: name, currentBrand: brand, searchedForCurrentPhone: true });
    expect(a.length).toBeLessThanOrEqual(MAX_ENCODED_LENGTH);
    expect(decodeAnswers(a)).toMatchObject({ currentPhone: name, currentBrand: brand, environment: 'outdoor' });
  });

  it('returns null for anything malformed', () => {
    const bad = [
      '',
      null,
      undefined,
      '2.oi',
      'oi',
      '1.ox',
      '1.qz',
      '1.oi.oi',
      '1.pi.hQXBwbGU',
      '1.b101',
      '1.b-1',
      '1.b07',
      '1.bx',
      '1.o',
      '1.oi..',
      '1.h!!',
      '1.h' + 'A'.repeat(150),
      '1 oi',
      `1.${'oi.'.repeat(80)}`,
      '1.hwg',
      '1.b50.tm',
    ];
    for (const a of bad) expect(decodeAnswers(a as string), String(a)).toBeNull();
  });
});

/**
 * Answer sets as the wizard makes them (src/stores/recommender/wizard.ts and search.ts, with the same
 * engine functions): the current phone as a quick answer, a search result picked from the catalogue or
 * a phone guessed from typed text; the slider; then each question answered or skipped.
 */
function wizardAnswerSets(count: number, seed: number): Preferences[] {
  let state = seed;
  const random = () => {
    // mulberry32: a small deterministic generator, so a failure names a reproducible set.
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const typed = ['iphone 12', 'galaxy s9', 'pixel 3a', 'Nokia 3310', 'moto g power', 'OnePlus 7T', 'Fairphone 5'];
  const sets: Preferences[] = [];
  for (let i = 0; i < count; i++) {
    const mode: WizardMode = random() < 0.5 ? 'basic' : 'advanced';
    let prefs: Preferences = {};
    const how = random();
    if (how < 0.4) prefs = { ...quickCurrentPhoneAnswer(pick(CURRENT_PHONE_QUICK_VALUES)) };
    else if (how < 0.8) prefs = preferencesForCard(cardFromSearchResult(toSearchResult(pick(PHONES))));
    else prefs = preferencesForCard(cardFromSpecsPhone(estimatePhone(pick(typed), 'Apple')!, true));
    const slider = Math.floor(random() * 101);
    prefs = { ...prefs, budget: budgetTier(slider), budgetValue: slider };
    for (const q of questionsFor(mode).filter((x) => x.kind === 'choice')) {
      const roll = random();
      if (roll < 0.35)
        delete prefs[q.id]; // skipped (the OS a phone suggested goes too)
      else if (roll < 0.85) prefs = { ...prefs, [q.id]: pick(q.options).value };
      // else: answered with what was already checked (the OS a phone suggested is kept)
    }
    sets.push(prefs);
  }
  return sets;
}

/** What a link carries: the wizard's answers, not the results page's details of the current phone. */
function wizardAnswers(prefs: Preferences): Preferences {
  const {
    phoneImage: _i,
    currentPhoneOS: _o,
    currentPhoneSpecs: _s,
    currentPhonePriceRange: _p,
    currentPhoneYear: _y,
    ...answers
  } = prefs;
  return answers;
}

describe('a shared link reproduces the wizard exactly', () => {
  it("'An iPhone', the budget left at 50, the six questions skipped: no OS answer is added", () => {
    const prefs: Preferences = { ...quickCurrentPhoneAnswer('iphone'), budget: budgetTier(50), budgetValue: 50 };
    delete prefs.os; // the OS question was skipped
    const code = encodeAnswers(prefs);
    expect(code).toBe('1.pi.b50');
    expect(decodeAnswers(code)).toEqual(prefs);
    expect(encodeAnswers(decodeAnswers(code)!)).toBe(code);
    const names = (p: Preferences) => recommend(PHONES, p).map((r) => [r.phone.id, r.matchScore]);
    expect(names(decodeAnswers(code)!)).toEqual(names(prefs));
  });

  it('round trip over 2,000 answer sets: the same answers, the same link, the same recommendations', () => {
    const sets = wizardAnswerSets(2000, 29);
    const kinds = new Set(sets.map((p) => (p.searchedForCurrentPhone ? 'searched' : p.currentPhone)));
    expect(kinds.size).toBeGreaterThanOrEqual(7); // every quick answer and searched phones are covered
    expect(sets.filter((p) => p.os === undefined).length).toBeGreaterThan(300);
    for (const prefs of sets) {
      const code = encodeAnswers(prefs);
      const decoded = decodeAnswers(code);
      expect(decoded, code).toEqual(wizardAnswers(prefs));
      expect(encodeAnswers(decoded!), code).toBe(code);
    }
    // The engine over the whole catalogue is slower: every 10th set.
    for (const prefs of sets.filter((_, i) => i % 10 === 0)) {
      const top = (p: Preferences) => recommend(PHONES, p).map((r) => [r.phone.id, r.matchScore, r.reasons]);
      expect(top(decodeAnswers(encodeAnswers(prefs))!), encodeAnswers(prefs)).toEqual(top(prefs));
    }
  });

  it('keeps the brand of a searched phone whose brand is not the first word of its name', () => {
    const prefs: Preferences = { currentPhone: 'Galaxy S24', currentBrand: 'Samsung', searchedForCurrentPhone: true };
    expect(decodeAnswers(encodeAnswers(prefs))).toEqual(prefs);
    expect(decodeAnswers('1.nU2Ftc3VuZw')).toBeNull(); // a brand without the phone it belongs to
  });
});
