/**
 * The 2026 phones (docs/recommender.md, "The 2026 lineup" and "Canadian price not confirmed"): no
 * Canadian price or Canadian store page was found for them, so each carries its maker's US launch
 * price with its source, an estimate used only for ranking, and a "sold new in Canada" that is only
 * reported. The visitor reads "Canadian price not confirmed" and "not confirmed"; the engine never
 * treats either as a fresh fact; staff see them on the stale list; a file without the US price's
 * source is refused.
 */
import { describe, expect, it } from 'vitest';
import {
  CatalogueDataError,
  PHONES,
  buildCatalogue,
  availabilityLabel,
  chipTier,
  factFreshness,
  findPhoneById,
  parsePhoneEntries,
  priceCheckLabel,
  staleFacts,
  type Phone,
} from '../../../src/lib/catalogue';
import { PHONE_FILES } from '../../../src/data/phones/index.generated';
import { budgetBand, budgetDollars, budgetTier, recommend, type Preferences } from '../../../src/lib/recommender';
import { phonePriceLabel } from '../../../src/lib/recommender/price-label';

const TODAY = new Date('2026-11-26T12:00:00Z');
const NEW_2026 = [
  'samsung-galaxy-s26',
  'samsung-galaxy-s26-plus',
  'samsung-galaxy-s26-ultra',
  'google-pixel-10a',
  'apple-iphone-17e',
];

/** The slider position that reads out `dollars`. */
function at(dollars: number): Pick<Preferences, 'budget' | 'budgetValue'> {
  for (let v = 0; v <= 100; v++) if (budgetDollars(v) === dollars) return { budget: budgetTier(v), budgetValue: v };
  throw new Error(`no slider position reads $${dollars}`);
}

/** A phone as if staff re-checked its price and lineup in `month` (confirmed in the maker's store). */
function rechecked(p: Phone, month: string): Phone {
  if (p.availability.status !== 'sold') return p;
  const { confirmed: _confirmed, ...availability } = p.availability;
  return {
    ...p,
    pricing: { ...p.pricing, currentCad: p.price, currentDate: month, currentSource: 'Re-checked in the store' },
    availability: { ...availability, date: month },
  };
}

/** A copy of a phone file with `edit` applied. */
function edited(id: string, edit: (e: any) => void): Record<string, unknown> {
  const copy = structuredClone(PHONE_FILES[id]);
  edit(copy);
  return { [id]: copy };
}

function problemsOf(files: Record<string, unknown>): string {
  try {
    parsePhoneEntries(files);
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogueDataError);
    return (e as Error).message;
  }
  return '';
}

describe('the 2026 phones', () => {
  it('are in the catalogue, each with its US launch price, that price’s source and an unconfirmed Canadian sale', () => {
    for (const id of NEW_2026) {
      const p = findPhoneById(id)!;
      expect(p, id).toBeDefined();
      expect(p.year).toBe(2026);
      expect(p.pricing.usLaunch?.source, id).toMatch(/\S/);
      expect(p.pricing.currentCad).toBeNull();
      expect(p.priceEstimated, id).toBe(true);
      expect(p.availability).toMatchObject({ status: 'sold', confirmed: false });
    }
    expect(findPhoneById('samsung-galaxy-s26')!.pricing.usLaunch).toMatchObject({ usd: 899.99, month: '2026-03' });
    // The estimate is the US price times the predecessor's Canadian/US ratio, never cheaper than last year's model.
    expect(findPhoneById('apple-iphone-17e')!.price).toBe(898);
    expect(findPhoneById('samsung-galaxy-s26-ultra')!.price).toBeGreaterThanOrEqual(
      findPhoneById('samsung-galaxy-s25-ultra')!.price,
    );
  });

  it('read "Canadian price not confirmed" with the US launch price, and "not confirmed" for the sale', () => {
    const s26 = findPhoneById('samsung-galaxy-s26')!;
    expect(priceCheckLabel(s26, TODAY)).toBe('Canadian price not confirmed: US launch price US$899.99 (Mar 2026)');
    expect(phonePriceLabel(s26)).toBe(
      'about $1,449 (estimated from the US$899.99 US launch price: Canadian price not confirmed)',
    );
    expect(s26.pricing.launchSource).toMatch(/^Canadian price not confirmed: US launch price US\$899\.99 \(Mar 2026; /);
    expect(availabilityLabel(s26.availability, TODAY)).toBe('Sold new in Canada: not confirmed (reported Nov 2026)');
    expect(priceCheckLabel(findPhoneById('samsung-galaxy-s26-plus')!, TODAY)).toContain('US$1,100 (Mar 2026)');
  });

  it('are never fresh facts, even in their launch month, until staff confirm them in the Canadian store', () => {
    const s26 = findPhoneById('samsung-galaxy-s26')!;
    const launch = new Date('2026-03-15T12:00:00Z');
    expect(factFreshness(s26, launch)).toMatchObject({ priceFresh: false, lineupFresh: false, fresh: false });
    // Staff confirm it in Samsung Canada's store: a current price and a lineup check replace the report.
    const files = edited('samsung-galaxy-s26', (e) => {
      e.cad.current = { price: 1399.99, checked: '2026-11', source: 'Samsung Canada store' };
      e.cad.sold = { checked: '2026-11', source: 'In Samsung Canada’s lineup' };
      delete e.cad.unconfirmed;
      delete e.replaces;
    });
    const [confirmed] = buildCatalogue(parsePhoneEntries(files));
    expect(factFreshness(confirmed!, TODAY).fresh).toBe(true);
    expect(priceCheckLabel(confirmed!, TODAY)).toBe('Price checked Nov 2026');
    expect(phonePriceLabel(confirmed!)).toBe('$1,399.99');
    expect(availabilityLabel(confirmed!.availability, TODAY)).toBe('Sold new in Canada (lineup checked Nov 2026)');
  });

  it('a buyer whose best match is a 2026 phone reads the not-confirmed wording, and the engine never relies on it', () => {
    const prefs: Preferences = { os: 'ios', ...at(900), primaryUse: 'general' };
    const [top] = recommend(PHONES, prefs, { today: TODAY });
    expect(top!.phone.id).toBe('apple-iphone-17e');
    expect(top!.facts).toMatchObject({ priceFresh: false, lineupFresh: false, fresh: false });
    // The card's lines.
    expect(priceCheckLabel(top!.phone, TODAY)).toBe('Canadian price not confirmed: US launch price US$599 (Mar 2026)');
    expect(availabilityLabel(top!.phone.availability, TODAY)).toBe(
      'Sold new in Canada: not confirmed (reported Nov 2026)',
    );
    // The working's budget row: the estimate, said to be one, never a store price with cents.
    const budgetRow = top!.working.find((w) => w.criterion === 'budget')!;
    expect(budgetRow.phoneHas).toContain(
      'about $898 (estimated from the US$599 US launch price: Canadian price not confirmed)',
    );
    // A price reason is never stated as today's fact, nor dated as a check: the month is the US launch.
    const priceReasons = top!.reasons.filter((x) => /budget|price range/.test(x));
    expect(priceReasons.length).toBeGreaterThan(0);
    for (const r of priceReasons) {
      expect(r).toMatch(/; Canadian price not confirmed \(US launch price US\$599, Mar 2026\)$/);
      expect(r).not.toMatch(/last checked/);
    }
  });

  it('rank after every phone with fresh facts in the same budget band (the engine does not rely on them)', () => {
    // Every other phone re-checked this month: fresh.
    const catalogue = PHONES.map((p) => (NEW_2026.includes(p.id) ? p : rechecked(p, '2026-11')));
    const buyers: Preferences[] = [
      { os: 'ios', ...at(900), primaryUse: 'general' },
      { os: 'android_samsung', budget: 'premium', budgetValue: 100, cameraQuality: 'professional' },
      { os: 'android_google', ...at(700), batteryLife: 'maximum' },
      { os: 'no_preference', ...at(1500), primaryUse: 'content', cameraQuality: 'professional' },
    ];
    for (const prefs of buyers) {
      const recs = recommend(catalogue, prefs, { today: TODAY, count: 60 });
      recs.forEach((r, i) => {
        if (!NEW_2026.includes(r.phone.id)) return;
        for (const later of recs.slice(i + 1))
          if (budgetBand(later.phone, prefs) === budgetBand(r.phone, prefs))
            expect(later.facts.fresh, `${later.phone.id} after ${r.phone.id}`).toBe(false);
      });
    }
  });

  it('are on the staff list with what to re-check, and their predecessors are flagged for a re-check', () => {
    const list = staleFacts(PHONES, TODAY);
    const s26 = list.find((s) => s.id === 'samsung-galaxy-s26')!;
    expect(s26.stale).toEqual([
      'Canadian price not confirmed (only the US launch price, Mar 2026)',
      'sold new in Canada not confirmed (reported Nov 2026)',
    ]);
    expect(s26.recheck).toContain('the Canadian price in the maker’s Canadian store');
    const s25 = list.find((s) => s.id === 'samsung-galaxy-s25')!;
    expect(s25.stale).toContain('successor Samsung Galaxy S26 launched Mar 2026, after the last lineup check');
    expect(list.find((s) => s.id === 'google-pixel-9a')!.stale.join(' ')).toContain('successor Google Pixel 10a');
    expect(list.find((s) => s.id === 'apple-iphone-16e')!.stale.join(' ')).toContain('successor Apple iPhone 17e');
    // Once everything is confirmed and re-checked after the successors' launch: nothing to re-check.
    expect(
      staleFacts(
        PHONES.map((p) => rechecked(p, '2026-11')),
        TODAY,
      ),
    ).toEqual([]);
  });

  it('follow their makers’ update policies and the chip table', () => {
    expect(findPhoneById('samsung-galaxy-s26')!.updates).toMatchObject({ osUntil: '2033-03', estimate: false });
    expect(findPhoneById('samsung-galaxy-s26')!.updates.policy).toContain('Galaxy S26');
    expect(findPhoneById('google-pixel-10a')!.updates).toMatchObject({ osUntil: '2033-03', estimate: false });
    expect(findPhoneById('apple-iphone-17e')!.updates.estimate).toBe(true);
    expect(chipTier('Qualcomm Snapdragon 8 Elite Gen 5 for Galaxy')).toBe('premium');
    expect(findPhoneById('samsung-galaxy-s26')!.specs.processorSpeed).toBe('premium');
    expect(findPhoneById('google-pixel-10a')!.specs.processorSpeed).toBe('fast');
  });
});

describe('validation of an unconfirmed Canadian price', () => {
  it('accepts the 2026 files', () => {
    const files = Object.fromEntries(NEW_2026.map((id) => [id, PHONE_FILES[id]]));
    expect(problemsOf(files)).toBe('');
  });

  it.each([
    ['the US price’s source', (e: any) => delete e.cad.launch.source, 'cad.launch.source'],
    ['the US price', (e: any) => delete e.cad.launch.usd, 'cad.launch.usd'],
    ['the ratio’s source', (e: any) => delete e.cad.launch.rateSource, 'cad.launch.rateSource'],
    ['an estimate that is the US price times the ratio', (e: any) => (e.cad.launch.price = 999), 'cad.launch.price'],
    ['the source of the sale report', (e: any) => delete e.cad.unconfirmed.source, 'cad.unconfirmed.source'],
    ['the month of the sale report', (e: any) => (e.cad.unconfirmed.reported = 'Nov 2026'), 'cad.unconfirmed.reported'],
  ])('refuses a 2026 phone without %s, naming the file and the field', (_what, edit, field) => {
    expect(problemsOf(edited('samsung-galaxy-s26', edit))).toContain(
      `src/content/phones/samsung-galaxy-s26.json: ${field}`,
    );
  });

  it('refuses a phone both sold and unconfirmed', () => {
    const message = problemsOf(
      edited('samsung-galaxy-s26', (e) => (e.cad.sold = { checked: '2026-11', source: 'Samsung Canada store' })),
    );
    expect(message).toContain('either sold, ended or unconfirmed');
  });
});
