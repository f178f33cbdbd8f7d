// The recommender UI's pure helpers: spec rows of the flip card, comparisons with upgrade arrows,
// the selected current phone, session storage reads, the request helper and display text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPhoneById, type Phone } from '../../../src/lib/catalogue';
import {
  ageBasedPriceTier,
  phoneSpecsFor,
  toSearchResult,
  toSpecsPhone,
  updatesLabel,
} from '../../../src/lib/recommender';
import { apiRequest } from '../../../src/lib/recommender/ui/api';
import {
  availabilityCell,
  chosenStorageText,
  comparisonNotes,
  comparisonRows,
  sideFromPhone,
  sideFromSpecs,
  upgradeRows,
} from '../../../src/lib/recommender/ui/comparison';
import {
  cardFromSearchResult,
  cardFromSpecsPhone,
  enrichCard,
  preferencesForCard,
} from '../../../src/lib/recommender/ui/currentPhone';
import { capitalise, osLabel, showJoined } from '../../../src/lib/recommender/ui/display';
import {
  readJson,
  SESSION_KEYS,
  setFlash,
  takeFlash,
  writeJson,
  type KeyValueStore,
} from '../../../src/lib/recommender/ui/session';
import { phoneSpecRows, SPEC_ROW_LABELS } from '../../../src/lib/recommender/ui/specRows';
import { isStoredPreferences, isStoredRecommendations } from '../../../src/lib/recommender/ui/stored';

const phone = (id: string): Phone => {
  const p = findPhoneById(id);
  if (!p) throw new Error(`no phone ${id}`);
  return p;
};

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('flip card spec rows', () => {
  it('has the twelve spec-sheet rows, in order', () => {
    const rows = phoneSpecRows(phone('samsung-galaxy-s24-ultra'));
    expect(rows.map((r) => r.label)).toEqual([...SPEC_ROW_LABELS]);
    expect(SPEC_ROW_LABELS).toHaveLength(12);
  });

  it('prints known facts and "—" for unknown ones, never an invented number', () => {
    const p = phone('samsung-galaxy-s24-ultra');
    const unknown: Phone = {
      ...p,
      specs: { ...p.specs, batteryMah: null, batteryType: null, ram: null, chipset: null },
    };
    const rows = Object.fromEntries(phoneSpecRows(unknown).map((r) => [r.label, r.value]));
    expect(rows.Battery).toBe('—');
    expect(rows.RAM).toBe('—');
    expect(rows.Processor).toBe('—');
    const known = Object.fromEntries(phoneSpecRows(p).map((r) => [r.label, r.value]));
    expect(known.Battery).toBe(`${p.specs.batteryMah!.toLocaleString('en-US')} mAh ${p.specs.batteryType}`);
    expect(known.Display.startsWith(`${p.specs.screenInches}"`)).toBe(true);
  });

  it("appends the update support of the maker's policy to the OS row", () => {
    const p = phone('google-pixel-9a');
    const rows = phoneSpecRows(p, updatesLabel(p.updates, new Date('2026-11-26T12:00:00Z')));
    expect(rows.find((r) => r.label === 'OS & Updates')!.value).toMatch(/OS updates until Apr 2032$/);
  });
});

describe('upgrade comparison (wizard results step)', () => {
  it('marks a better class, a newer year, and nothing where the current phone is unknown', () => {
    const current = {
      ...cardFromSearchResult(toSearchResult(phone('samsung-galaxy-s22-ultra'))),
      processorSpeed: null,
    };
    const top = phone('samsung-galaxy-s25-ultra');
    const rows = Object.fromEntries(upgradeRows(current, top).map((r) => [r.label, r]));
    expect(rows.Released).toMatchObject({ current: '2022', recommended: String(top.year), improved: true });
    expect(rows.Performance).toMatchObject({ current: '—', improved: false });
    // Same class on both sides: no arrow.
    expect(rows['Screen size']).toMatchObject({ current: 'Large', recommended: 'Large', improved: false });
  });

  it('shows the storage the visitor chose on the recommended phone, not its largest option', () => {
    const current = cardFromSearchResult(toSearchResult(phone('samsung-galaxy-s24')));
    const s25 = phone('samsung-galaxy-s25'); // 128GB/256GB/512GB
    const storage = (chosen?: Parameters<typeof upgradeRows>[2]) =>
      upgradeRows(current, s25, chosen).find((r) => r.label === 'Storage');
    expect(storage('128gb')).toMatchObject({ current: 'Up to 512 GB', recommended: '128 GB (up to 512 GB)' });
    expect(storage('256gb')!.recommended).toBe('256 GB (up to 512 GB)');
    expect(storage('512gb')!.recommended).toBe('512 GB');
    // Nothing chosen, or more than it offers: its largest option, said as such.
    expect(storage()!.recommended).toBe('Up to 512 GB');
    expect(storage('1tb')!.recommended).toBe('Up to 512 GB');
    expect(chosenStorageText(s25, '64gb')).toBe('128 GB (up to 512 GB)');
  });
});

describe('comparison view (results page)', () => {
  const current = phone('samsung-galaxy-s22-ultra');
  const rec = phone('samsung-galaxy-s25-ultra');
  const TODAY = new Date('2026-11-26T12:00:00Z');
  const rows = () => comparisonRows(sideFromSpecs(toSpecsPhone(current), 'premium'), sideFromPhone(rec), TODAY);

  it('has the comparison rows in order, leaving out a row nothing is known about on either side', () => {
    const order = [
      'Colours',
      'Screen size & display',
      'AI features',
      'Processor',
      'Camera Control',
      'Main camera',
      'Ultrawide camera',
      'Selfie camera',
      'Emergency SOS',
      'Battery',
      'USB-C',
      'Face ID',
      'Cellular',
      'Software updates',
      'Availability',
      'Price (CAD)',
    ];
    const labels = rows().map((r) => r.label);
    expect(labels).toEqual(order.filter((l) => labels.includes(l)));
    for (const r of rows()) expect([r.current, r.recommended], r.label).not.toEqual(['—', '—']);
    // No camera control on either Samsung: the row is not shown as '—' against '—'.
    expect(labels).not.toContain('Camera Control');
    // Both have USB-C: a catalogue fact, not a blank.
    expect(rows().find((r) => r.label === 'USB-C')).toMatchObject({ current: 'Yes', recommended: 'Yes' });
  });

  it('fills USB-C from maker and year: Lightning iPhones say No, an iPhone 15 or later and the Galaxy S25 say Yes', () => {
    const usb = (a: string, b: string) =>
      comparisonRows(sideFromSpecs(toSpecsPhone(phone(a)), 'premium'), sideFromPhone(phone(b)), TODAY).find(
        (r) => r.label === 'USB-C',
      );
    expect(usb('apple-iphone-13', 'samsung-galaxy-s25')).toMatchObject({
      current: 'No',
      recommended: 'Yes',
      improved: true,
    });
    expect(usb('samsung-galaxy-s24', 'apple-iphone-16')).toMatchObject({ current: 'Yes', recommended: 'Yes' });
  });

  it('shows update support, availability and the dated price source of both phones', () => {
    const byLabel = Object.fromEntries(rows().map((r) => [r.label, r]));
    expect(byLabel['Software updates']).toMatchObject({
      current: 'OS updates ended Feb 2026',
      recommended: 'OS updates until Feb 2032',
      improved: true,
    });
    // A few words in the cell (a narrow column at 375 px holds them in a line or two); the dated sentence is a footnote.
    expect(byLabel.Availability).toMatchObject({
      current: 'No longer sold new',
      // Checked more than 6 months before the test's date: not stated as today's fact.
      recommended: 'Sold new as of Oct 2025',
    });
    for (const cell of [byLabel.Availability.current, byLabel.Availability.recommended])
      expect(cell.length).toBeLessThanOrEqual(24);
    // The cell holds the price (dated when the check is old); the source is a footnote, not a paragraph.
    expect(byLabel['Price (CAD)']).toMatchObject({
      current: '$1,649.99 in Feb 2022',
      recommended: '$1,918.99 in Feb 2025',
    });
    const notes = comparisonNotes(sideFromSpecs(toSpecsPhone(current), 'premium'), sideFromPhone(rec), TODAY);
    expect(notes).toContain(
      'Samsung Galaxy S25 Ultra price: Samsung Canada launch price, Feb 2025; may have changed since.',
    );
    expect(notes).toContain(
      'Samsung Galaxy S25 Ultra availability: Sold new in Canada when last checked (Oct 2025): not re-checked since.',
    );
    expect(notes.some((n) => n.startsWith('Samsung Galaxy S22 Ultra availability: No longer sold new'))).toBe(true);
    expect(notes.some((n) => n.startsWith('Samsung Galaxy S22 Ultra price: Samsung Canada launch price'))).toBe(true);
  });

  it("never calls a 2026 phone's reported sale 'Sold new': the cell says it is not confirmed", () => {
    const s26 = phone('samsung-galaxy-s26');
    expect(availabilityCell(s26.availability, TODAY)).toBe('Not confirmed in Canada');
    const notes = comparisonNotes(sideFromSpecs(toSpecsPhone(current), 'premium'), sideFromPhone(s26), TODAY);
    expect(notes.some((n) => /Galaxy S26 availability: Sold new in Canada: not confirmed/.test(n))).toBe(true);
  });

  it('reads inches, display and battery back out of the specs-API text', () => {
    const side = sideFromSpecs(toSpecsPhone(current), 'premium');
    expect(side.screenInches).toBe(current.specs.screenInches);
    expect(side.display).toBe(current.specs.display);
    expect(side.batteryMah).toBe(current.specs.batteryMah);
  });

  it('only marks facts the data states: a higher chip class, more mAh, 5G over 4G; Face ID "No" only for non-Apple phones', () => {
    const old = phone('apple-iphone-11');
    const pro = phone('apple-iphone-16-pro');
    const byLabel = Object.fromEntries(
      comparisonRows(sideFromSpecs(toSpecsPhone(old), 'budget'), sideFromPhone(pro), TODAY).map((r) => [r.label, r]),
    );
    // A13 is 'standard', A18 Pro 'premium' (catalogue derivation).
    expect(byLabel.Processor).toMatchObject({
      current: old.specs.chipset,
      recommended: pro.specs.chipset,
      improved: true,
    });
    expect(byLabel.Battery!.improved).toBe(pro.specs.batteryMah! > old.specs.batteryMah!);
    expect(byLabel.Cellular).toMatchObject({ current: '4G', recommended: '5G', improved: true });
    expect(byLabel.Colours!.improved).toBe(false);
    const samsung = Object.fromEntries(rows().map((r) => [r.label, r]));
    expect(samsung['Face ID']).toMatchObject({ current: 'No', recommended: 'No', improved: false });
  });

  it('an estimated phone compares as unknowns with its note as a footnote', () => {
    const estimate = phoneSpecsFor([], 'Pixel 5', 'Apple')!;
    const side = sideFromSpecs(estimate.phone, 'budget', estimate.note);
    expect(side.notes).toEqual([estimate.note]);
    const byLabel = Object.fromEntries(comparisonRows(side, sideFromPhone(rec), TODAY).map((r) => [r.label, r]));
    expect(byLabel.Battery).toMatchObject({ current: '—', improved: false });
    expect(byLabel['Software updates']).toMatchObject({ current: '—', improved: false });
    expect(byLabel['Price (CAD)']).toMatchObject({ current: '—' });
    expect(byLabel['Main camera']).toMatchObject({ current: '—', improved: false });
  });
});

describe('selected current phone', () => {
  it('takes tier, OS and classes from a search result and stores the brand and OS answers', () => {
    const r = toSearchResult(phone('apple-iphone-15-pro'));
    const card = cardFromSearchResult(r);
    expect(card).toMatchObject({
      name: 'Apple iPhone 15 Pro',
      os: 'ios',
      year: r.year,
      estimated: false,
      enriched: false,
    });
    expect(preferencesForCard(card)).toMatchObject({
      currentPhone: 'Apple iPhone 15 Pro',
      currentBrand: 'Apple',
      os: 'ios',
      searchedForCurrentPhone: true,
      currentPhoneYear: r.year,
    });
  });

  it('enrichment keeps the better class and sets the tier by age for an estimated phone', () => {
    const estimate = phoneSpecsFor([], 'Galaxy S21 Ultra', 'Apple')!;
    const card = cardFromSpecsPhone(estimate.phone, true);
    const enriched = enrichCard({ ...card, cameraQuality: 'professional' }, estimate);
    expect(enriched.cameraQuality).toBe('professional');
    expect(enriched.enriched).toBe(true);
    // An Ultra model: premium up to 2 years old, midrange up to 4, then budget, counted from this year.
    expect(enriched.priceRange).toBe(ageBasedPriceTier('Galaxy S21 Ultra', 2021));
  });
});

describe('session storage', () => {
  it('reads missing, corrupt and valid values apart', () => {
    const store = memoryStore();
    const isArr = (v: unknown): v is unknown[] => Array.isArray(v);
    expect(readJson(store, 'k', isArr)).toEqual({ status: 'missing' });
    store.setItem('k', '{not json');
    expect(readJson(store, 'k', isArr)).toEqual({ status: 'corrupt' });
    store.setItem('k', '{"a":1}');
    expect(readJson(store, 'k', isArr)).toEqual({ status: 'corrupt' });
    writeJson(store, 'k', [1]);
    expect(readJson(store, 'k', isArr)).toEqual({ status: 'ok', value: [1] });
  });

  it('a storage that throws reads as missing and writes are ignored', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    expect(readJson(broken, 'k', (_v): _v is unknown => true)).toEqual({ status: 'missing' });
    expect(() => writeJson(broken, 'k', 1)).not.toThrow();
  });

  it('a flash toast is read once', () => {
    const store = memoryStore();
    setFlash(store, { title: 'No recommendations found', variant: 'destructive' });
    expect(store.data.has(SESSION_KEYS.flash)).toBe(true);
    expect(takeFlash(store)).toEqual({ title: 'No recommendations found', variant: 'destructive' });
    expect(takeFlash(store)).toBeNull();
  });

  it('recognises what the wizard stores and rejects other shapes', () => {
    const rec = { phone: phone('google-pixel-9'), matchScore: 80, reasons: ['x'], working: [], notes: [] };
    expect(isStoredRecommendations([rec])).toBe(true);
    expect(isStoredRecommendations([])).toBe(false);
    expect(isStoredRecommendations([{ ...rec, matchScore: '80' }])).toBe(false);
    expect(isStoredRecommendations({ 0: rec })).toBe(false);
    // stored before prices carried their CAD source: unreadable (the visitor recomputes)
    const { pricing: _p, ...unpriced } = rec.phone;
    expect(isStoredRecommendations([{ ...rec, phone: unpriced }])).toBe(false);
    // stored before phones carried their availability and update support, or without notes: recomputed too
    const { availability: _a, ...undated } = rec.phone;
    expect(isStoredRecommendations([{ ...rec, phone: undated }])).toBe(false);
    const { notes: _n, ...noNotes } = rec;
    expect(isStoredRecommendations([noNotes])).toBe(false);
    expect(
      isStoredPreferences({ os: 'ios', budgetValue: 50, searchedForCurrentPhone: true, currentPhoneSpecs: {} }),
    ).toBe(true);
    expect(isStoredPreferences(['ios'])).toBe(false);
    expect(isStoredPreferences({ os: null })).toBe(false);
  });
});

describe('request helper', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends credentials, a JSON body only when given, and raises "status: text" on failure', async () => {
    const calls: [string, RequestInit][] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return url === '/bad' ? new Response('nope', { status: 502 }) : Response.json({ ok: true });
    });
    await expect(apiRequest('GET', '/ok')).resolves.toEqual({ ok: true });
    expect(calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(calls[0]![1].body).toBeUndefined();
    await apiRequest('POST', '/ok', { a: 1 });
    expect(calls[1]![1]).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    await expect(apiRequest('GET', '/bad')).rejects.toThrow('502: nope');
  });
});

describe('display text', () => {
  it('joins known parts and shows "—" when none is known', () => {
    expect(showJoined(['5G', null, ' ', 'Wi-Fi 7'])).toBe('5G · Wi-Fi 7');
    expect(showJoined([null, undefined, ''])).toBe('—');
    expect(osLabel('ios')).toBe('iOS');
    expect(osLabel(null)).toBe('—');
    expect(capitalise('premium')).toBe('Premium');
  });
});
