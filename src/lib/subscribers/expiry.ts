/**
 * Unconfirmed signups expire (docs/storage.md, "Expiry of unconfirmed signups"): a signup whose
 * confirmation link was never used is turned into a tombstone once the link has long stopped working,
 * so a flood of signups nobody confirms does not stay in storage for good. A maintenance step, in
 * bounded slices: candidates come from the search digest (pending, signed up before the cutoff), and
 * each is checked again on its record before it changes. Server only.
 */
import { bucketStart, idOfPosition } from './index-keys';
import { scanDigest } from './digest-scan';
import { expireUnconfirmed } from './store';
import { mapLimit } from '../server/storage';

const DAY_MS = 86_400_000;
/** A signup unconfirmed this long after its last change expires: the 7-day confirmation link, plus a day. */
export const PENDING_EXPIRY_MS = 8 * DAY_MS;
/** Records checked per maintenance run (the rest wait for the next runs, every 5 minutes). */
export const EXPIRY_SLICE = 100;

/** What one run of the expiry did. */
export interface ExpiryRun {
  /** Pending signups older than the cutoff by the index. */
  candidates: number;
  checked: number;
  expired: number;
}

/**
 * Expires up to `slice` unconfirmed signups whose last change is older than PENDING_EXPIRY_MS.
 * Candidates are taken at random among those the index names, so records re-requested since (skipped,
 * not expired) never hold back the others.
 */
export async function expirePendingSignups(now = Date.now(), slice = EXPIRY_SLICE): Promise<ExpiryRun> {
  const cutoff = now - PENDING_EXPIRY_MS;
  // An hour bucket that starts an hour before the cutoff holds signups made before it.
  const scan = await scanDigest((e) => e.status === 'pending' && bucketStart(e.bucket) + 3_600_000 <= cutoff);
  const ids = [...new Set(scan.entries.map((e) => idOfPosition(e.position)))];
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const chosen = ids.slice(0, slice);
  const at = new Date(now).toISOString();
  const results = await mapLimit(chosen, 8, (id) => expireUnconfirmed(id, cutoff, at).catch(() => false));
  return { candidates: ids.length, checked: chosen.length, expired: results.filter(Boolean).length };
}
