/**
 * The gate's view of the server configuration, for the edge runtime (Deno), which cannot load
 * `src/lib/server/env.ts` (zod, process.env). Same names and the same rules for the staff key and
 * the signing secret: no built-in values (the local runtime generates them, and scripts/serve.mjs
 * passes them to the edge), the published ones refused everywhere. tests/unit/gate/gate.test.ts checks it
 * agrees with `parseEnv`.
 *
 * Imports only with the `.ts` extension, of modules without imports: Deno loads this file directly.
 */
import { isPublishedSecret } from '../server/published-secrets.ts';

export interface GateConfig {
  /** null when the configuration is unusable: nobody is recognised as staff (fail closed). */
  adminKey: string | null;
  sessionSecret: string | null;
  /** SITE_LAUNCHED=true turns the gate off. */
  launched: boolean;
  /** Why the secrets are unusable, for the log. */
  problem?: string;
}

/** Reads the gate's settings through `get` (Netlify.env.get at the edge). */
export function gateConfig(get: (name: string) => string | undefined): GateConfig {
  const pick = (name: string) => {
    const v = get(name);
    return v === undefined || v === '' ? undefined : v;
  };
  const launchedRaw = (pick('SITE_LAUNCHED') ?? 'false').toLowerCase();
  const launched = launchedRaw === 'true' || launchedRaw === '1' || launchedRaw === 'yes';

  const adminKey = pick('ADMIN_KEY');
  const sessionSecret = pick('SESSION_SECRET');
  let problem: string | undefined;
  if (!adminKey) problem = 'ADMIN_KEY is not set';
  else if (adminKey.length < 12) problem = 'ADMIN_KEY must be at least 12 characters';
  else if (!sessionSecret) problem = 'SESSION_SECRET is not set';
  else if (sessionSecret.length < 32) problem = 'SESSION_SECRET must be at least 32 characters';
  else if (isPublishedSecret(adminKey) || isPublishedSecret(sessionSecret)) {
    problem = 'ADMIN_KEY or SESSION_SECRET is a value published in this repository, refused everywhere';
  }
  if (problem) return { adminKey: null, sessionSecret: null, launched, problem };
  return { adminKey: adminKey!, sessionSecret: sessionSecret!, launched };
}
