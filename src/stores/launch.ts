/**
 * Whether the site is launched, as the staff dashboard last heard it (GET /api/admin/site/launch),
 * shared by the launch switch and the Site Pages list. Browser only.
 */
import { atom } from 'nanostores';
import { adminFetch } from './admin';

export interface LaunchView {
  launched: boolean;
  /** SITE_LAUNCHED=true forces it open. */
  forced: boolean;
  stored: { launched: boolean; at: string; by: string | null } | null;
}

export const $launch = atom<LaunchView | null>(null);

/** Reads the launch state again. */
export async function loadLaunch(): Promise<void> {
  $launch.set(await adminFetch<LaunchView>('/api/admin/site/launch'));
}

/** Launches the site, or undoes the launch (admins); the store then holds the new state. */
export async function switchLaunch(launch: boolean): Promise<LaunchView> {
  const next = await adminFetch<LaunchView>(`/api/admin/site/${launch ? 'launch' : 'close'}`, { method: 'POST' });
  $launch.set(next);
  return next;
}
