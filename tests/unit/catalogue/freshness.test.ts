/**
 * Facts that expire: a price and a "sold new in Canada" are facts with the month they were checked;
 * 6 months on they are stale, read as "last checked", and the engine puts a phone with a fresh check
 * before any with a stale one (docs/recommender.md, "Facts that expire").
 */
import { describe, expect, it } from 'vitest';
import {
  FRESH_MONTHS,
  PHONES,
  availabilityLabel,
  factFreshness,
  findPhoneById,
  isFreshCheck,
  priceCheckLabel,
  staleFacts,
  type Phone,
} from '../../../src/lib/catalogue';
import { budgetBand, budgetTier, recommend, type Preferences } from '../../../src/lib/recommender';

const TODAY = new Date('2026-11-26T12:00:00Z');

/**
 * The phone as if staff re-checked its price and lineup in `month` (sold phones only), confirming in
 * the maker's Canadian store a price or a sale that was only reported.
 */
function rechecked(p: Phone, month: string): Phone {
  if (p.availability.status !== 'sold') return p;
  const { confirmed: _confirmed, ...availability } = p.availability;
  return {
    ...p,
    pricing: { ...p.pricing, currentCad: p.price, currentDate: month, currentSource: 'Re-checked in the store' },
    availability: { ...availability, date: month },
  };
}

/** A seeded generator (mulberry32), so every run draws the same buyers. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buyers(n: number): Preferences[] {
  const next = rng(34);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: n }, () => {
    const v = Math.floor(next() * 101);
    return {
      budget: budgetTier(v),
      budgetValue: v,
      os: pick(['ios', 'android', 'android_samsung', 'android_google', 'no_preference'] as const),
      primaryUse: pick(['productivity', 'content', 'entertainment', 'general'] as const),
      cameraQuality: pick(['basic', 'good', 'professional'] as const),
      batteryLife: pick(['standard', 'extended', 'maximum'] as const),
    };
  });
}

describe('facts that expire', () => {
  it('a check is fresh in its month and the 5 after, stale from the 6th month on', () => {
    expect(FRESH_MONTHS).toBe(6);
    expect(isFreshCheck('2026-06', TODAY)).toBe(true);
    expect(isFreshCheck('2026-05', TODAY)).toBe(false);
    expect(isFreshCheck('2026-11', TODAY)).toBe(true);
  });

  it('says "last checked" once a price or a lineup check is stale, and states it as a fact while fresh', () => {
    const p = findPhoneById('apple-iphone-17')!;
    expect(priceCheckLabel(p, new Date('2025-12-01T00:00:00Z'))).toBe('Price checked Sep 2025');
    expect(priceCheckLabel(p, TODAY)).toBe('Price last checked Sep 2025: it may have changed, check the store');
    expect(availabilityLabel(p.availability, new Date('2025-12-01T00:00:00Z'))).toBe(
      'Sold new in Canada (lineup checked Oct 2025)',
    );
    expect(availabilityLabel(p.availability, TODAY)).toBe(
      'Sold new in Canada when last checked (Oct 2025): not re-checked since',
    );
    const fresh = rechecked(p, '2026-11');
    expect(priceCheckLabel(fresh, TODAY)).toBe('Price checked Nov 2026');
    expect(availabilityLabel(fresh.availability, TODAY)).toBe('Sold new in Canada (lineup checked Nov 2026)');
  });

  it('lists for staff every phone on sale with a stale fact, oldest first, with what to re-check', () => {
    const list = staleFacts(PHONES, TODAY);
    const sold = PHONES.filter((p) => p.availability.status === 'sold');
    expect(list.map((s) => s.id).sort()).toEqual(sold.map((p) => p.id).sort());
    const s17 = list.find((s) => s.id === 'apple-iphone-17')!;
    expect(s17.stale).toEqual([
      'CAD price (last checked Sep 2025)',
      'sold new in Canada (lineup last checked Oct 2025)',
    ]);
    expect(s17.recheck).toMatch(/^Re-check the price .* and that it is still sold new/);
    expect(s17.file).toBe('src/content/phones/apple-iphone-17.json');
    expect(list.map((s) => s.oldest)).toEqual([...list.map((s) => s.oldest)].sort());
    // Re-checked this month: nothing stale.
    expect(
      staleFacts(
        PHONES.map((p) => rechecked(p, '2026-11')),
        TODAY,
      ),
    ).toEqual([]);
  });

  it('property: once re-checked, every phone suggested today has a lineup check and a price dated in the window', () => {
    const catalogue = PHONES.map((p) => rechecked(p, '2026-09'));
    for (const prefs of buyers(60)) {
      for (const r of recommend(catalogue, prefs, { today: TODAY })) {
        const f = factFreshness(r.phone, TODAY);
        expect(f.lineupChecked, r.phone.id).not.toBeNull();
        expect(isFreshCheck(f.lineupChecked!, TODAY) && isFreshCheck(f.priceChecked, TODAY), r.phone.id).toBe(true);
        expect(r.facts.fresh).toBe(true);
      }
    }
  });

  it('property: within a budget band a phone with stale facts never comes before one with fresh facts', () => {
    // Half the phones re-checked this month, the other half last checked in 2025.
    const catalogue = PHONES.map((p, i) => (i % 2 ? rechecked(p, '2026-11') : p));
    for (const prefs of buyers(60)) {
      const recs = recommend(catalogue, prefs, { today: TODAY, count: 50 });
      recs.forEach((r, i) => {
        if (r.facts.fresh) return;
        for (const later of recs.slice(i + 1))
          if (budgetBand(later.phone, prefs) === budgetBand(r.phone, prefs))
            expect(later.facts.fresh, `${later.phone.id} after stale ${r.phone.id}`).toBe(false);
      });
    }
  });

  it('a stale price is never stated as within budget today: the reason says when it was last checked, or that no Canadian price was confirmed', () => {
    for (const prefs of buyers(40))
      for (const r of recommend(PHONES, prefs, { today: TODAY })) {
        expect(r.facts.fresh).toBe(false);
        for (const reason of r.reasons.filter((x) => /^(Within your budget|In your price range)/.test(x)))
          expect(reason).toMatch(
            r.phone.pricing.usLaunch && r.phone.pricing.currentCad === null
              ? /; Canadian price not confirmed \(US launch price US\$[\d,.]+, [A-Z][a-z]{2} \d{4}\)$/
              : /price last checked [A-Z][a-z]{2} \d{4}$/,
          );
      }
  });
});
