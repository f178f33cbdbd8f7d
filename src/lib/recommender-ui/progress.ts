/**
 * Progress arithmetic of the recommender UI (spec recommender.md §4 Wizard, §5 Progress bar).
 * Pure; no framework imports.
 */

/**
 * Percentage shown by a progress bar: `max` must be above 0 (else 100 is used); a value outside
 * 0..max gives `null` (an indeterminate bar).
 */
export function progressPercent(value: number, max = 100): number | null {
  const m = max > 0 ? max : 100;
  if (!Number.isFinite(value) || value < 0 || value > m) return null;
  return (value / m) * 100;
}

/**
 * Wizard progress: (step + 1) / (questions + 1) * 100, where step runs from 0 (first question) to
 * `questionCount` (results).
 */
export function wizardProgress(step: number, questionCount: number): number {
  return ((step + 1) / (questionCount + 1)) * 100;
}
