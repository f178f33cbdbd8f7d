// Helpers for the recommender browser tests: walking the wizard the way a visitor does, and the
// engine's own answer for a set of answers (so expectations are computed, not hard-coded).
import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { PHONES } from '../../src/lib/catalogue';
import {
  questionsFor,
  recommend,
  type Preferences,
  type Recommendation,
  type WizardMode,
} from '../../src/lib/recommender';

/**
 * The local Netlify emulator answers each request in 0.3-1.5 s (every request passes the edge
 * function runtime), so a page that loads its chunks in a waterfall needs more than the default
 * 7 s under two parallel workers. Nothing here asserts timing.
 */
export const expect = baseExpect.configure({ timeout: 20_000 });
export const SLOW_TEST_TIMEOUT = 120_000;

export const wizard = (page: Page) => page.getByTestId('wizard');
export const stepHeading = (page: Page) => page.locator('#wizard-step-heading');
export const prefsPanel = (page: Page) => page.getByRole('complementary', { name: 'Your Preferences' });

/** Opens the wizard and waits for it to hydrate. */
export async function openWizard(page: Page, path = '/phone-recommender'): Promise<void> {
  await page.goto(path);
  await page.getByTestId('wizard').scrollIntoViewIfNeeded();
  await page.waitForSelector('astro-island:not([ssr])');
  await expect(page.getByRole('switch', { name: 'Advanced Mode' })).toBeEnabled();
}

/** The question title shown for a question id in a mode (from the engine's question list). */
export function titleOf(id: string, mode: WizardMode = 'basic'): string {
  const q = questionsFor(mode).find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id}`);
  return q.title;
}

/** Label of an option value of a question. */
export function optionOf(id: string, value: string, mode: WizardMode = 'advanced'): string {
  const q = questionsFor(mode).find((x) => x.id === id)!;
  return q.options.find((o) => o.value === value)!.label;
}

/** Picks an option card of the question on screen (waits for that question first). */
export async function answer(page: Page, id: string, value: string, mode: WizardMode = 'basic'): Promise<void> {
  await expect(stepHeading(page)).toHaveText(titleOf(id, mode));
  await page
    .getByRole('radiogroup')
    .getByRole('radio', { name: optionOf(id, value), exact: false })
    .first()
    .click();
}

/**
 * Skips the question `id` (waits for it first: an option click advances only after a short delay,
 * and a Skip pressed before that acts on the question still shown).
 */
export async function skip(page: Page, id: string, mode: WizardMode = 'basic'): Promise<void> {
  await expect(stepHeading(page)).toHaveText(titleOf(id, mode));
  await page.getByRole('button', { name: 'Skip this question' }).click();
}

/** Sets the budget slider and confirms it with Next. */
export async function setBudget(page: Page, value: number): Promise<void> {
  await expect(stepHeading(page)).toHaveText(titleOf('budget'));
  await page.getByRole('slider').fill(String(value));
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** The engine's recommendations for a set of answers, over the phones the site ships. */
export function expected(prefs: Preferences): Recommendation[] {
  // The page loads the whole catalogue (older phones too, so a current phone can be compared).
  return recommend(PHONES, prefs);
}

export const nameOf = (r: Recommendation) => `${r.phone.brand} ${r.phone.model}`;

/**
 * The golden answer set 'iOS premium camera lover' of the engine's tests (basic mode, quick answer
 * iPhone, slider 100): the engine's golden test fixes the top pick as the iPhone 16 Pro Max at 83%.
 */
export const IOS_CAMERA_LOVER = {
  quick: 'iphone',
  slider: 100,
  answers: [
    ['os', 'ios'],
    ['primaryUse', 'content'],
    ['cameraQuality', 'professional'],
    ['batteryLife', 'maximum'],
    ['screenSize', 'large'],
    ['storage', '1tb'],
  ] as const,
  prefs: {
    currentPhone: 'iphone',
    currentBrand: 'Apple',
    os: 'ios',
    budget: 'premium',
    budgetValue: 100,
    primaryUse: 'content',
    cameraQuality: 'professional',
    batteryLife: 'maximum',
    screenSize: 'large',
    storage: '1tb',
  } satisfies Preferences,
};

/** Runs the basic wizard to the results with the iOS camera lover's answers. */
export async function runBasic(page: Page): Promise<void> {
  await openWizard(page);
  await answer(page, 'currentPhone', IOS_CAMERA_LOVER.quick);
  await setBudget(page, IOS_CAMERA_LOVER.slider);
  for (const [id, value] of IOS_CAMERA_LOVER.answers) await answer(page, id, value);
  await expect(page.getByTestId('top-pick')).toBeVisible();
}

/**
 * The search API's own answer for a query (what the dropdown must show). Retried: the local
 * emulator occasionally fails a function call while it is still bundling the function.
 */
export async function searchApi(
  request: APIRequestContext,
  query: string,
): Promise<{ phones: { brand: string; model: string; year: number }[] }> {
  let data: { phones: { brand: string; model: string; year: number }[] } = { phones: [] };
  await expect(async () => {
    const res = await request.get(`/api/search-phones?query=${encodeURIComponent(query)}`);
    expect(res.ok()).toBe(true);
    data = await res.json();
  }).toPass({ timeout: 20_000 });
  return data;
}
