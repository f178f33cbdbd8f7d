/**
 * The recommender store's transitions, in Node: back, skip, dots, the mode toggle, Start Over, and
 * entering the results step (with the catalogue served by a stubbed fetch).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONES } from '../../../src/lib/catalogue';
import { recommend } from '../../../src/lib/recommender';
import {
  $advancing,
  $mode,
  $prefs,
  $results,
  $search,
  $slider,
  $step,
  AUTO_ADVANCE_MS,
  confirmBudget,
  goBack,
  goNext,
  goToStep,
  pickOption,
  pickQuickPhone,
  setSlider,
  skipQuestion,
  startOver,
  toggleMode,
} from '../../../src/stores/recommender';

/** Answers the first steps the way a visitor does: quick answer, slider, then option cards. */
function answer(quick: 'iphone' | 'pixel', slider: number, ...options: [string, string][]): void {
  pickQuickPhone(quick, true);
  vi.advanceTimersByTime(AUTO_ADVANCE_MS);
  setSlider(slider);
  confirmBudget();
  for (const [id, value] of options) {
    pickOption(id as never, value, true);
    vi.advanceTimersByTime(AUTO_ADVANCE_MS);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  startOver();
  $mode.set('basic');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('recommender store', () => {
  it('an option advances after 300 ms, and the cards are disabled meanwhile', () => {
    pickQuickPhone('iphone', true);
    expect([$step.get(), $advancing.get()]).toEqual([0, true]);
    pickQuickPhone('pixel', true); // ignored while advancing
    expect($prefs.get().currentPhone).toBe('iphone');
    vi.advanceTimersByTime(AUTO_ADVANCE_MS - 1);
    expect($step.get()).toBe(0);
    vi.advanceTimersByTime(1);
    expect([$step.get(), $advancing.get()]).toEqual([1, false]);
    expect($prefs.get()).toMatchObject({ currentBrand: 'Apple', os: 'ios' });
  });

  it('skip moves on and drops the answer of the skipped step', () => {
    answer('pixel', 50);
    expect([$step.get(), $prefs.get().os]).toEqual([2, 'android_google']);
    skipQuestion();
    expect($step.get()).toBe(3);
    expect($prefs.get().os).toBeUndefined();
    expect($prefs.get().budget).toBe('midrange');
  });

  it('skip pressed while a pick is advancing keeps the pick and advances once', () => {
    answer('pixel', 50);
    pickOption('os', 'ios', true);
    vi.advanceTimersByTime(AUTO_ADVANCE_MS / 2);
    skipQuestion();
    expect([$step.get(), $prefs.get().os, $advancing.get()]).toEqual([3, 'ios', false]);
    vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    expect($step.get()).toBe(3);
  });

  it('back deletes the answers of the step returned to and later; back from budget resets the slider', () => {
    answer('iphone', 90, ['os', 'ios']);
    expect([$step.get(), $prefs.get().budget, $slider.get()]).toEqual([3, 'premium', 90]);
    goBack();
    expect($step.get()).toBe(2);
    expect($prefs.get().os).toBeUndefined();
    goBack();
    expect($step.get()).toBe(1);
    expect([$prefs.get().budget, $prefs.get().budgetValue, $slider.get()]).toEqual([undefined, undefined, 90]);
    goBack();
    expect([$step.get(), $slider.get(), $prefs.get().currentPhone]).toEqual([0, 50, undefined]);
    goBack(); // nothing before the first step
    expect($step.get()).toBe(0);
  });

  it("a dot of an earlier step keeps that step's answer and clears the later ones", () => {
    answer('iphone', 20, ['os', 'no_preference'], ['primaryUse', 'general']);
    expect($step.get()).toBe(4);
    goToStep(1);
    expect($step.get()).toBe(1);
    expect($prefs.get()).toMatchObject({ currentPhone: 'iphone', budget: 'budget' });
    expect($prefs.get().os).toBeUndefined();
    expect($prefs.get().primaryUse).toBeUndefined();
    goToStep(3); // not an earlier step
    expect($step.get()).toBe(1);
  });

  it('the mode toggle switches 8/11 questions and returns to the first step, keeping only the current phone', () => {
    answer('pixel', 70);
    toggleMode();
    expect([$mode.get(), $step.get()]).toEqual(['advanced', 0]);
    // the OS the quick answer set belongs to the OS step, which is cleared too
    expect($prefs.get()).toEqual({ currentPhone: 'pixel', currentBrand: 'Google', searchedForCurrentPhone: false });
    toggleMode();
    expect([$mode.get(), $step.get()]).toEqual(['basic', 0]);
  });

  // Before the successful fetch: the catalogue, once fetched, is kept for the page's life.
  it('a failed catalogue fetch shows the error state', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answer('pixel', 50);
    for (let i = 0; i < 6; i++) skipQuestion();
    await vi.waitFor(() => expect($results.get().status).toBe('error'));
  });

  it('entering the results step computes the engine top 2 over the fetched catalogue', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(PHONES), { headers: { 'content-type': 'application/json' } })),
    );
    answer(
      'iphone',
      100,
      ['os', 'ios'],
      ['primaryUse', 'content'],
      ['cameraQuality', 'professional'],
      ['batteryLife', 'maximum'],
      ['screenSize', 'large'],
      ['storage', '1tb'],
    );
    expect($step.get()).toBe(8);
    expect($results.get().status).toBe('loading');
    await vi.waitFor(() => expect($results.get().status).toBe('ready'));
    const state = $results.get();
    const ids = state.status === 'ready' ? state.recommendations.map((r) => r.phone.id) : [];
    expect(ids).toEqual(recommend(PHONES, $prefs.get()).map((r) => r.phone.id));
    // leaving the results drops them
    goBack();
    expect($results.get().status).toBe('idle');
  });

  it('Start Over returns to an empty first step', () => {
    answer('iphone', 90, ['os', 'ios']);
    goNext();
    startOver();
    expect([$step.get(), $slider.get(), $prefs.get(), $results.get(), $search.get().query]).toEqual([
      0,
      50,
      {},
      { status: 'idle' },
      '',
    ]);
  });
});
