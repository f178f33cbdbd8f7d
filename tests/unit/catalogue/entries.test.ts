/**
 * The phone files (src/content/phones/*.json): the build refuses a file without a source or a date,
 * naming the file and the field, and the generated index the functions read lists exactly the files.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CatalogueDataError, PHONES, parsePhoneEntries } from '../../../src/lib/catalogue';
import { PHONE_FILES } from '../../../src/data/phones/index.generated';
import { INDEX_FILE, phoneIndexText } from '../../../scripts/catalogue/phone-index.mjs';

const pixel10 = PHONE_FILES['google-pixel-10'] as Record<string, Record<string, unknown>>;

/** A copy of the Pixel 10 file with `edit` applied to it. */
function edited(edit: (e: Record<string, Record<string, Record<string, unknown>>>) => void) {
  const copy = structuredClone(pixel10) as Record<string, Record<string, Record<string, unknown>>>;
  edit(copy);
  return { 'google-pixel-10': copy };
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

describe('phone files', () => {
  it('one file per catalogue phone, named by its id', () => {
    expect(Object.keys(PHONE_FILES).sort()).toEqual(PHONES.map((p) => p.id).sort());
  });

  it('the generated index lists exactly the files in src/content/phones (run an astro build after adding one)', () => {
    expect(readFileSync(INDEX_FILE, 'utf8')).toBe(phoneIndexText());
  });

  it.each([
    ['a source for its spec sheet', (e: any) => delete e.specSource.source, 'specSource.source'],
    ['a date for its spec sheet', (e: any) => delete e.specSource.checked, 'specSource.checked'],
    ['the launch price month', (e: any) => delete e.cad.launch.month, 'cad.launch.month'],
    ['the lineup check date', (e: any) => delete e.cad.sold.checked, 'cad.sold.checked'],
    ['the lineup check source', (e: any) => (e.cad.sold.source = ' '), 'cad.sold.source'],
    [
      'a re-checked price date',
      (e: any) => (e.cad.current = { price: 999, source: 'Google Store Canada' }),
      'cad.current.checked',
    ],
    [
      'a re-checked price source',
      (e: any) => (e.cad.current = { price: 999, checked: '2026-11' }),
      'cad.current.source',
    ],
    ['a well-formed month', (e: any) => (e.cad.sold.checked = 'Nov 2026'), 'cad.sold.checked'],
  ])('fails without %s, naming the file and the field', (_what, edit, field) => {
    const message = problemsOf(edited(edit));
    expect(message).toContain(`src/content/phones/google-pixel-10.json: ${field}`);
  });

  it('fails for a file not named by its phone id', () => {
    expect(problemsOf({ 'pixel-10': pixel10 })).toContain('must be named google-pixel-10.json');
  });

  it('accepts the unchanged file', () => {
    expect(problemsOf({ 'google-pixel-10': pixel10 })).toBe('');
  });
});
