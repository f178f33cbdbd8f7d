/**
 * Whether the site is launched (docs/site.md#launching). Two switches, either opens the site:
 * - `SITE_LAUNCHED=true` (an environment variable: forces it open, staff cannot close it);
 * - the staff "Launch the site" action, stored in Blobs (store `site`, key `launch`), which an admin
 *   can undo. The edge gate and the /join and /waitlist pages read it through GET /api/site-state.
 * Server only.
 */
import { getStore } from '@netlify/blobs';
import { getEnv } from '../server/env';

const store = () => getStore({ name: 'site', consistency: 'strong' });
const KEY = 'launch';

/** The stored switch: the last launch or undo, by whom. */
export interface StoredLaunch {
  launched: boolean;
  at: string;
  by: string | null;
}

/** What the site is now, and why. */
export interface LaunchState {
  /** The site is open to everyone. */
  launched: boolean;
  /** SITE_LAUNCHED=true forces it open (the stored switch then changes nothing until it is unset). */
  forced: boolean;
  /** The stored switch (null: never used). */
  stored: StoredLaunch | null;
}

export async function readStoredLaunch(): Promise<StoredLaunch | null> {
  const found = (await store().get(KEY, { type: 'json' })) as Partial<StoredLaunch> | null;
  if (!found || typeof found.launched !== 'boolean') return null;
  return { launched: found.launched, at: String(found.at ?? ''), by: typeof found.by === 'string' ? found.by : null };
}

export async function launchState(): Promise<LaunchState> {
  const forced = getEnv().SITE_LAUNCHED;
  const stored = await readStoredLaunch().catch((err) => {
    console.error('[launch] could not read the launch switch', err);
    return null;
  });
  return { launched: forced || stored?.launched === true, forced, stored };
}

/** Whether the site is open to everyone now. */
export async function isSiteOpen(): Promise<boolean> {
  return (await launchState()).launched;
}

/** Sets the stored switch (launch, or undo it); returns the state after. */
export async function setLaunched(launched: boolean, by: string | null, now = Date.now()): Promise<LaunchState> {
  await store().setJSON(KEY, { launched, at: new Date(now).toISOString(), by } satisfies StoredLaunch);
  return launchState();
}
