/**
 * The gate's view of the server configuration, for the edge runtime (Deno), which cannot load
 * `src/lib/server/env.ts` (zod, process.env). Same names, same local defaults, same strictness
 * (defaults only with LOCAL_MODE=true outside a deployed context): tests/unit/gate.test.ts checks
 * it agrees with `parseEnv`.
 *
 * No imports here: Deno loads this file directly from the edge function.
 */

export interface GateConfig {
  /** null when the configuration is unusable: nobody is recognised as staff (fail closed). */
  adminKey: string | null;
  sessionSecret: string | null;
  /** SITE_LAUNCHED=true turns the gate off. */
  launched: boolean;
  /** Wrong `?admin=` keys allowed per IP per window before the edge stops checking them. */
  loginLimit: number;
  /** Why the secrets are unusable, for the log. */
  problem?: string;
}

/** Must equal LOCAL_DEFAULTS in src/lib/server/env.ts (checked by a unit test). */
export const EDGE_LOCAL_DEFAULTS = {
  ADMIN_KEY: 'local-admin-key',
  SESSION_SECRET: 'local-session-secret-change-me-0123456789',
} as const;

/** Reads the gate's settings through `get` (Netlify.env.get at the edge). */
export function gateConfig(get: (name: string) => string | undefined): GateConfig {
  const pick = (name: string) => {
    const v = get(name);
    return v === undefined || v === '' ? undefined : v;
  };
  const deployed = ['production', 'deploy-preview', 'branch-deploy'].includes(pick('CONTEXT') ?? '');
  const strict = deployed || pick('REQUIRE_CONFIG') === 'true' || pick('LOCAL_MODE') !== 'true';
  const launchedRaw = (pick('SITE_LAUNCHED') ?? 'false').toLowerCase();
  const launched = launchedRaw === 'true' || launchedRaw === '1' || launchedRaw === 'yes';
  const limit = Number(pick('ADMIN_LOGIN_RATE_LIMIT') ?? '5');
  const loginLimit = Number.isInteger(limit) && limit > 0 ? limit : 5;

  const adminKey = pick('ADMIN_KEY') ?? (strict ? undefined : EDGE_LOCAL_DEFAULTS.ADMIN_KEY);
  const sessionSecret = pick('SESSION_SECRET') ?? (strict ? undefined : EDGE_LOCAL_DEFAULTS.SESSION_SECRET);
  let problem: string | undefined;
  if (!adminKey) problem = 'ADMIN_KEY is not set (required outside local mode)';
  else if (adminKey.length < 12) problem = 'ADMIN_KEY must be at least 12 characters';
  else if (!sessionSecret) problem = 'SESSION_SECRET is not set (required outside local mode)';
  else if (sessionSecret.length < 32) problem = 'SESSION_SECRET must be at least 32 characters';
  else if (
    strict &&
    (adminKey === EDGE_LOCAL_DEFAULTS.ADMIN_KEY || sessionSecret === EDGE_LOCAL_DEFAULTS.SESSION_SECRET)
  ) {
    problem = 'the local development defaults are refused outside local mode (ADMIN_KEY / SESSION_SECRET)';
  }
  if (problem) return { adminKey: null, sessionSecret: null, launched, loginLimit, problem };
  return { adminKey: adminKey!, sessionSecret: sessionSecret!, launched, loginLimit };
}
