/**
 * Range planning over the index's hour buckets: the widening prefixes a page lists (10, 100, ...
 * hours at a time) and the ranges the CSV export lists one after another. Pure.
 */
import { TIME_PREFIX } from './index-keys';

/**
 * Prefixes to list, newest first, from the bucket `from` on: the bucket itself, then the 10-hour,
 * 100-hour, ... range around it, then everything. Each call widens tenfold, so a page finds its
 * rows in a few list calls whether signups are dense or sparse. Ranges overlap; callers skip keys
 * at or before their position.
 */
export function widening(from: string): string[] {
  const out: string[] = [];
  for (let digits = 8; digits >= 0; digits--)
    out.push(`${TIME_PREFIX}${from.slice(0, digits)}${digits === 8 ? '/' : ''}`);
  return out;
}

/** The highest bucket number a widening prefix covers. */
export function lastInRange(prefix: string): string {
  const digits = prefix.slice(TIME_PREFIX.length).replace(/\/$/, '');
  return digits.padEnd(8, '9');
}

/**
 * Bucket prefixes to list one after another (the CSV export), newest first, each expected to hold at most `target` keys by
 * the newest snapshot's tallies: the widest aligned range (100 hours, 10 hours, one hour) that fits
 * and starts where the last one ended. Hours the snapshot does not know are listed one at a time.
 */
export function planRanges(buckets: readonly string[], counts: ReadonlyMap<string, number>, target: number): string[] {
  const sorted = [...buckets].sort();
  const ranges: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const b = sorted[i];
    let chosen = b;
    for (const digits of [6, 7]) {
      const prefix = b.slice(0, digits);
      let end = i;
      let sum = 0;
      while (end < sorted.length && sorted[end].startsWith(prefix)) {
        sum += counts.get(sorted[end]) ?? target;
        end++;
      }
      // Aligned, starting at this hour (no hour of the range was listed before), and small enough.
      const startsHere = i === 0 || !sorted[i - 1].startsWith(prefix);
      if (startsHere && sum <= target) {
        chosen = prefix;
        break;
      }
    }
    ranges.push(chosen);
    while (i < sorted.length && sorted[i].startsWith(chosen)) i++;
  }
  return ranges;
}
