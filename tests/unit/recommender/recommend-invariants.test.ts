/**
 * Properties of the recommender over the whole catalogue, for hundreds of buyer profiles it was never
 * tuned on: generated from a fixed seed (so a failure can be replayed), across every answer of every
 * question, with and without a current phone, on more than one date. Each property is a rule an expert
 * holds every recommendation to, whatever the profile.
 */
import { describe, expect, it } from 'vitest';
import { PHONES, findPhoneById, outOfOsUpdates, phoneId, type Phone } from '../../../src/lib/catalogue';
import {
  BATTERY_LIVES,
  CAMERA_QUALITIES,
  PROCESSOR_SPEEDS,
  SCREEN_SIZES,
  STORAGES,
  type AdvancedFeature,
} from '../../../src/lib/catalogue/enums';
import {
  ENVIRONMENTS,
  OS_PREFERENCES,
  PRIMARY_USES,
  budgetTier,
  compareOverall,
  compareStrength,
  fitsOsChoice,
  maxSpendCad,
  recommend,
  scorePhone,
  type Preferences,
  type Recommendation,
} from '../../../src/lib/recommender';

const TODAY = new Date('2026-11-26T12:00:00Z');
const DATES = [TODAY, new Date('2025-11-15T12:00:00Z'), new Date('2027-03-01T12:00:00Z')];

/** mulberry32: a small seeded generator, so every run draws the same profiles. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CURRENT_PHONES = [
  ...PHONES.filter((_, i) => i % 3 === 0).map((p) => `${p.brand} ${p.model}`),
  'OnePlus 12',
  'Motorola Edge 50',
  'Nokia 3310',
];
const FEATURES: AdvancedFeature[] = ['standard', 'ai', 'foldable', 'ar'];

/** One generated buyer: every question answered or skipped at random, a budget always set. */
function profile(next: () => number): Preferences {
  const pick = <T>(list: readonly T[]): T | undefined =>
    next() < 0.25 ? undefined : list[Math.floor(next() * list.length)];
  const v = Math.floor(next() * 101);
  const prefs: Preferences = { budget: budgetTier(v), budgetValue: v };
  const set = <K extends keyof Preferences>(k: K, val: Preferences[K] | undefined) => {
    if (val !== undefined) prefs[k] = val;
  };
  set('os', pick(OS_PREFERENCES));
  set('primaryUse', pick(PRIMARY_USES));
  set('cameraQuality', pick(CAMERA_QUALITIES));
  set('batteryLife', pick(BATTERY_LIVES));
  set('screenSize', pick(SCREEN_SIZES));
  set('storage', pick(STORAGES));
  if (next() < 0.5) {
    set('processorSpeed', pick(PROCESSOR_SPEEDS));
    set('advancedFeatures', pick(FEATURES));
    set('environment', pick(ENVIRONMENTS));
  }
  const current = next();
  if (current < 0.45) {
    const name = CURRENT_PHONES[Math.floor(next() * CURRENT_PHONES.length)]!;
    Object.assign(prefs, { currentPhone: name, currentBrand: name.split(' ')[0], searchedForCurrentPhone: true });
  } else if (current < 0.65) Object.assign(prefs, { currentPhone: 'samsung', currentBrand: 'Samsung' });
  return prefs;
}

const next = rng(25);
const PROFILES = Array.from({ length: 500 }, () => profile(next));
const RUNS = PROFILES.map((prefs, i) => {
  const today = DATES[i % DATES.length]!;
  return { prefs, today, recs: recommend(PHONES, prefs, { today }) };
});

/** Sold new on `today` and from the last two calendar years, read from the data (not from the engine's helper). */
function isRecommendable(p: Phone, today: Date): boolean {
  const month = today.toISOString().slice(0, 7);
  const sold = p.availability.status === 'sold' || (p.availability.date !== null && p.availability.date > month);
  return sold && p.year >= today.getUTCFullYear() - 2;
}

/** The catalogue id of a 'Brand Model' text. */
const phoneIdOf = (name: string) => phoneId(name.split(' ')[0]!, name.split(' ').slice(1).join(' '));

const rank = <T extends string>(order: readonly T[], v: T | null) => (v === null ? -1 : order.indexOf(v));
const label = (prefs: Preferences, today: Date) => `${today.toISOString().slice(0, 10)} ${JSON.stringify(prefs)}`;

/** Where `cand` is worse than `cur` on something the visitor answered, by the catalogue's own facts. */
function worseOnRated(cur: Phone, cand: Phone, prefs: Preferences): string[] {
  const out: string[] = [];
  const a = cur.specs;
  const b = cand.specs;
  if (prefs.cameraQuality) {
    if (rank(CAMERA_QUALITIES, b.cameraQuality) < rank(CAMERA_QUALITIES, a.cameraQuality)) out.push('camera class');
    if (a.cameraSpecs.telephoto && !b.cameraSpecs.telephoto) out.push('telephoto lost');
    if (a.cameraSpecs.ultrawide && !b.cameraSpecs.ultrawide) out.push('ultrawide lost');
  }
  if (prefs.batteryLife && a.batteryMah !== null && b.batteryMah !== null) {
    if (rank(BATTERY_LIVES, b.batteryLife) < rank(BATTERY_LIVES, a.batteryLife)) out.push('battery class');
    if (b.batteryMah * 1.05 < a.batteryMah) out.push('battery capacity');
  }
  if (prefs.processorSpeed && rank(PROCESSOR_SPEEDS, b.processorSpeed) < rank(PROCESSOR_SPEEDS, a.processorSpeed))
    out.push('chip tier');
  if (prefs.storage && rank(STORAGES, b.storage) < rank(STORAGES, a.storage)) out.push('storage');
  if (prefs.screenSize) {
    const gap = (p: Phone) => Math.abs(rank(SCREEN_SIZES, p.specs.screenSize) - rank(SCREEN_SIZES, prefs.screenSize!));
    if (gap(cand) > gap(cur)) out.push('screen size');
  }
  const f = prefs.advancedFeatures;
  if (f && f !== 'standard' && a.featureTags.includes(f) && !b.featureTags.includes(f)) out.push('feature lost');
  return out;
}

describe('properties over the catalogue (500 generated buyers, 3 dates)', () => {
  it('suggests something to every buyer whose OS choice has a phone sold now', () => {
    for (const { prefs, today, recs } of RUNS) {
      const any = PHONES.some((p) => isRecommendable(p, today) && fitsOsChoice(p, prefs.os));
      if (any) expect(recs.length, label(prefs, today)).toBeGreaterThan(0);
    }
  });

  it('never recommends a discontinued phone, or one older than the two-year window', () => {
    for (const { prefs, today, recs } of RUNS)
      for (const r of recs)
        expect(isRecommendable(r.phone, today), `${r.phone.id} for ${label(prefs, today)}`).toBe(true);
  });

  it('puts the top pick within budget, or at most 10% over it on the slope, whenever any phone of the asked OS is within it', () => {
    for (const { prefs, today, recs } of RUNS) {
      const max = maxSpendCad(prefs);
      const affordable = PHONES.some(
        (p) => isRecommendable(p, today) && fitsOsChoice(p, prefs.os) && p.price <= max && p.id !== recs[0]?.phone.id,
      );
      const top = recs[0];
      // A buyer comparing their own phone is shown upgrades; the property holds among the phones shown.
      if (!top || prefs.searchedForCurrentPhone) continue;
      if (affordable)
        expect(top.phone.price, `${top.phone.id} for ${label(prefs, today)}`).toBeLessThanOrEqual(max * 1.1 + 0.001);
    }
  });

  it('never puts a phone far over budget before one closer to it', () => {
    for (const { prefs, today, recs } of RUNS) {
      if (prefs.searchedForCurrentPhone) continue;
      const over = recs.map((r) => Math.max(0, r.phone.price / maxSpendCad(prefs) - 1));
      // Within budget or up to 10% over (the slope), up to twice the budget, beyond: never a later band first.
      const band = over.map((o) => (o <= 0.1 ? 0 : o <= 1 ? 1 : 2));
      expect(
        [...band].sort((a, b) => a - b),
        label(prefs, today),
      ).toEqual(band);
    }
  });

  it('calls nothing an upgrade that is worse on a criterion the visitor rated, older, or no longer sold', () => {
    let upgrades = 0;
    for (const { prefs, today, recs } of RUNS) {
      for (const r of recs) {
        if (!r.upgrade?.isUpgrade || !r.upgrade.currentId) continue;
        upgrades++;
        const cur = findPhoneById(r.upgrade.currentId)!;
        expect(worseOnRated(cur, r.phone, prefs), `${cur.id} -> ${r.phone.id} for ${label(prefs, today)}`).toEqual([]);
        expect(r.phone.pricing.launchDate > cur.pricing.launchDate, `${cur.id} -> ${r.phone.id}`).toBe(true);
        expect(r.upgrade.reasons.length).toBeGreaterThan(0);
      }
    }
    expect(upgrades, 'the generated buyers include real upgrades').toBeGreaterThan(20);
  });

  it('never says a phone out of OS updates still fits', () => {
    let outdated = 0;
    for (const { prefs, today, recs } of RUNS) {
      const id = recs[0]?.upgrade?.currentId;
      if (!id || !outOfOsUpdates(findPhoneById(id)!.updates, today)) continue;
      outdated++;
      for (const r of recs) {
        expect(r.upgrade!.stillFits, `${id} on ${label(prefs, today)}`).toBe(false);
        expect(r.upgrade!.verdict).not.toBe('still-fits');
      }
    }
    expect(outdated, 'the generated buyers include phones out of updates').toBeGreaterThan(10);
  });

  it('says plainly that a typed phone outside the catalogue cannot be compared', () => {
    for (const { prefs, today, recs } of RUNS) {
      if (!prefs.searchedForCurrentPhone || findPhoneById(prefs.currentPhone!.toLowerCase().replace(/\s+/g, '-')))
        continue;
      if (PHONES.some((p) => `${p.brand} ${p.model}` === prefs.currentPhone)) continue;
      for (const r of recs)
        expect(r.upgrade, label(prefs, today)).toMatchObject({
          verdict: 'cannot-compare',
          isUpgrade: false,
          reasons: [],
        });
    }
  });

  it('never scores meeting or beating an answer lower than matching it exactly', () => {
    const better = <T extends string>(order: readonly T[], v: T) => order.slice(order.indexOf(v));
    for (const { prefs, today } of RUNS.slice(0, 150)) {
      const base = findPhoneById('samsung-galaxy-s25')!;
      const exact = (over: Partial<Phone['specs']>) => ({ ...base, specs: { ...base.specs, ...over } });
      const score = (p: Phone) => scorePhone(p, prefs, { today }).points;
      if (prefs.cameraQuality) {
        const [same, ...more] = better(CAMERA_QUALITIES, prefs.cameraQuality);
        for (const m of more)
          expect(score(exact({ cameraQuality: m }))).toBeGreaterThanOrEqual(score(exact({ cameraQuality: same })));
      }
      if (prefs.batteryLife) {
        const [same, ...more] = better(BATTERY_LIVES, prefs.batteryLife);
        for (const m of more)
          expect(score(exact({ batteryLife: m }))).toBeGreaterThanOrEqual(score(exact({ batteryLife: same })));
      }
      if (prefs.storage) {
        const [same, ...more] = better(STORAGES, prefs.storage);
        for (const m of more)
          expect(score(exact({ storage: m }))).toBeGreaterThanOrEqual(score(exact({ storage: same })));
      }
      if (prefs.processorSpeed) {
        const [same, ...more] = better(PROCESSOR_SPEEDS, prefs.processorSpeed);
        for (const m of more)
          expect(score(exact({ processorSpeed: m }))).toBeGreaterThanOrEqual(score(exact({ processorSpeed: same })));
      }
      // A cheaper phone within budget earns what one at the limit does.
      const max = maxSpendCad(prefs);
      if (Number.isFinite(max)) expect(score({ ...base, price: max / 3 })).toBe(score({ ...base, price: max }));
    }
  });

  it('scores 100% a phone that meets every answer, and divides by the points the answers could give', () => {
    for (const { prefs, today, recs } of RUNS) {
      for (const r of recs) {
        const max = r.working.reduce((s, w) => s + w.max, 0);
        expect(r.maxPoints).toBe(max);
        expect(r.matchScore, label(prefs, today)).toBe(Math.round((r.points / max) * 100));
        if (r.working.every((w) => w.points === w.max)) expect(r.matchScore).toBe(100);
      }
    }
  });

  it('names each ask of the top pick that nothing within the budget (or of the chosen OS) meets', () => {
    for (const { prefs, today, recs } of RUNS) {
      const top = recs[0];
      if (!top) continue;
      const pool = recommend(
        PHONES,
        { ...prefs, searchedForCurrentPhone: false, currentPhone: undefined },
        { today, count: 999 },
      );
      for (const row of top.working) {
        if (row.points >= row.max || ['budget', 'os', 'updates'].includes(row.criterion)) continue;
        if (row.answer === 'Skipped' || (row.criterion === 'batteryLife' && prefs.batteryLife === 'standard')) continue;
        const metWithin = pool.some(
          (r: Recommendation) =>
            r.phone.price <= maxSpendCad(prefs) &&
            r.working.some((w) => w.criterion === row.criterion && w.points >= w.max),
        );
        if (!metWithin) {
          const noted = top.notes.map((n) => n.criterion);
          const why = `${row.criterion} of ${top.phone.id} for ${label(prefs, today)}`;
          // Camera, battery, storage and features come first for what they ask and are always named; a
          // use, screen, chip or environment that asks what an earlier answer asked shares its note.
          if (['cameraQuality', 'batteryLife', 'storage', 'advancedFeatures'].includes(row.criterion))
            expect(noted, why).toContain(row.criterion);
          else expect(noted.length, why).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('upgrades an expert would sign, and the order of equal matches (500 generated buyers, 3 dates)', () => {
  it('never calls a cheaper sibling of the same or an older generation an upgrade', () => {
    const gen = (model: string) => /^(.*?)(\d{1,2})(?!\d)/.exec(model);
    for (const { prefs, today, recs } of RUNS) {
      const current = prefs.searchedForCurrentPhone ? findPhoneById(phoneIdOf(prefs.currentPhone!)) : undefined;
      if (!current) continue;
      for (const r of recs) {
        if (!r.upgrade?.isUpgrade) continue;
        const [a, b] = [gen(current.model), gen(r.phone.model)];
        const sameLineOlder = a && b && a[1] === b[1] && Number(b[2]) <= Number(a[2]);
        const cheaper = r.phone.pricing.launchCad < current.pricing.launchCad && r.phone.brand === current.brand;
        expect(
          Boolean(cheaper && (sameLineOlder || r.phone.year <= current.year)),
          `${r.phone.id} called an upgrade over ${current.id} (${label(prefs, today)})`,
        ).toBe(false);
      }
    }
  });

  it('among equal matches puts the cheaper phone first (with no ceiling: the stronger phone, then the cheaper)', () => {
    for (const { prefs, recs } of RUNS) {
      if (prefs.searchedForCurrentPhone) continue;
      const noCeiling = !Number.isFinite(maxSpendCad(prefs));
      for (let i = 1; i < recs.length; i++) {
        const [a, b] = [recs[i - 1]!, recs[i]!];
        const equal =
          a.points === b.points &&
          a.maxPoints === b.maxPoints &&
          a.facts.fresh === b.facts.fresh &&
          compareStrength(a.phone, b.phone, prefs) === 0 &&
          (!noCeiling || compareOverall(a.phone, b.phone, prefs) === 0) &&
          a.phone.price <= maxSpendCad(prefs) &&
          b.phone.price <= maxSpendCad(prefs);
        if (equal) expect(a.phone.price, `${a.phone.id} before ${b.phone.id}`).toBeLessThanOrEqual(b.phone.price);
      }
    }
  });

  it("keeps the newest model of each brand in the catalogue sold and in the window, by the catalogue's own launch dates", () => {
    for (const brand of new Set(PHONES.map((p) => p.brand))) {
      const newest = PHONES.filter((p) => p.brand === brand).sort((a, b) =>
        b.pricing.launchDate.localeCompare(a.pricing.launchDate),
      )[0]!;
      expect(newest.availability.status, `${newest.id}, the newest ${brand}`).toBe('sold');
      expect(isRecommendable(newest, TODAY), `${newest.id} on ${TODAY.toISOString()}`).toBe(true);
    }
  });
});
