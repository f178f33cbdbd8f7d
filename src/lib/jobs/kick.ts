/**
 * Starting the background runner (`netlify/functions/jobs-background.ts`). Anybody can POST to a
 * background function's address on Netlify, so a kick carries an HMAC (SESSION_SECRET) over its time
 * and job id (src/lib/server/tokens.ts, purpose `jobs-kick`); the function runs nothing for a kick it cannot verify or older than KICK_MAX_AGE_MS.
 * A verified kick only makes the runner look for work, so a replay within that window is harmless.
 * Server only; docs/jobs.md.
 */
import { signToken, tokenSignatureValid, type Signed } from '../server/tokens';
import { requireConfig } from '../server/env';

/** The background function's name (its address is /.netlify/functions/<name>). */
export const JOBS_FUNCTION = 'jobs-background';
export const KICK_MAX_AGE_MS = 5 * 60_000;

/** The body of a kick. */
export interface Kick {
  at: number;
  jobId: string | null;
  sig: string;
}

function signed(at: number, jobId: string | null): Signed {
  return { purpose: 'jobs-kick', fields: [String(at), jobId ?? ''] };
}

/** A signed kick for `jobId` (or for whatever is pending). */
export async function signKick(jobId: string | null, now = Date.now()): Promise<Kick> {
  return { at: now, jobId, sig: await signToken(requireConfig('SESSION_SECRET'), signed(now, jobId)) };
}

/** The job id of a genuine, fresh kick (null: kick for whatever is pending), or undefined when it is not one. */
export async function verifyKick(body: unknown, now = Date.now()): Promise<string | null | undefined> {
  if (!body || typeof body !== 'object') return undefined;
  const { at, jobId, sig } = body as Partial<Kick>;
  if (typeof at !== 'number' || typeof sig !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return undefined;
  if (jobId !== null && (typeof jobId !== 'string' || jobId.length > 80)) return undefined;
  if (Math.abs(now - at) > KICK_MAX_AGE_MS) return undefined;
  const ok = await tokenSignatureValid(requireConfig('SESSION_SECRET'), signed(at, jobId), sig);
  return ok ? jobId : undefined;
}

/**
 * Starts the background runner at the site's configured address (SITE_URL; in local mode without it,
 * the local runtime's own address, which scripts/serve.mjs puts there). Never a request's Host
 * header: a forged one would send the signed kick to a host of the sender's choosing.
 * Netlify answers a background function at once (202), so this waits only for that. False when the
 * runner could not be reached: the scheduled resumer starts it within a minute or two.
 */
export async function kickJobs(jobId: string | null = null): Promise<boolean> {
  const origin = requireConfig('SITE_URL');
  try {
    const res = await fetch(new URL(`/.netlify/functions/${JOBS_FUNCTION}`, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await signKick(jobId)),
      signal: AbortSignal.timeout(5_000),
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status !== 202) console.error(`[jobs] the background runner answered ${res.status} to a kick`);
    return res.status === 202;
  } catch (err) {
    console.error(`[jobs] could not start the background runner at ${origin}:`, (err as Error).message);
    return false;
  }
}
