/**
 * Progress values of the wizard (docs/recommender.md#wizard-steps). Pure; client-safe.
 */

/** Default `max` of a progress bar. */
export const PROGRESS_DEFAULT_MAX = 100;

/**
 * Wizard progress in percent: (step + 1) / (questions + 1) * 100, where step 0 is the first question
 * and step `questions` is the results step (which reads 100).
 */
export function wizardProgress(step: number, questionCount: number): number {
  return ((step + 1) / (questionCount + 1)) * 100;
}

/**
 * Normalises a progress bar's inputs: `max` must be above 0, otherwise 100; a value outside
 * 0..max becomes null (an indeterminate bar).
 */
export function progressBarValue(
  value: number | null | undefined,
  max: number = PROGRESS_DEFAULT_MAX,
): { value: number | null; max: number } {
  const m = Number.isFinite(max) && max > 0 ? max : PROGRESS_DEFAULT_MAX;
  const v = typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= m ? value : null;
  return { value: v, max: m };
}
