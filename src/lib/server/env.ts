/**
 * Server configuration, read from the environment and validated with zod.
 *
 * Server-only: never import this from a page script or an island.
 *
 * Secrets fail closed: no staff key or signing secret is ever written in the code. The local runtime
 * (`npm start`, `npm run dev`) generates random ones on first start when they are not set
 * (scripts/runtime/local-secrets.mjs); the tests set their own. A value this repository once
 * published (./published-secrets.ts) is refused everywhere. The only built-in default is SITE_URL's,
 * in an explicit local mode (LOCAL_MODE=true); a deployed Netlify context (CONTEXT=production,
 * deploy-preview or branch-deploy) always wins over local mode, as does REQUIRE_CONFIG=true. Without
 * a usable secret the value is null, and every feature that needs it answers 503 through
 * `requireConfig` (logging the variable's name), while the rest of the site keeps working.
 * See docs/consent-and-mail.md, "Secrets fail closed".
 */
import { z } from 'zod';
import { HttpError } from './http';
import { isPublishedSecret } from './published-secrets';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Netlify contexts of a real deploy: local mode never applies there. */
export const DEPLOYED_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy'] as const;

/** The checks a secret must pass; a failing one makes the secret unusable (null), never a crash. */
const SECRET_RULES = {
  ADMIN_KEY: z.string().min(12, 'must be at least 12 characters'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
} as const;
export type SecretName = keyof typeof SECRET_RULES | 'SITE_URL';

const schema = z.object({
  /** When set, mail goes through SendGrid; otherwise to the local outbox store. */
  SENDGRID_API_KEY: z.string().min(1).optional(),
  /** Test-only: point the real SendGrid client at a loopback fake. */
  SENDGRID_BASE_URL: z.url().optional(),
  /**
   * SendGrid's Event Webhook verification key, as its settings page shows it (base64 of the DER public
   * key); without it POST /api/sendgrid/events answers 503 (src/lib/email/events).
   */
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(1).optional(),
  /** Sender address of every e-mail. */
  MAIL_FROM: z.email('must be an e-mail address'),
  MAIL_FROM_NAME: z.string().min(1),
  /** Public origin used in links inside e-mails (unsubscribe, results). */
  SITE_URL: z.url('must be a URL such as https://example.com').nullable(),
  /** `true` turns the pre-launch gate off for everyone. */
  SITE_LAUNCHED: bool,
  /** Signups allowed per IP address per minute (per function instance). */
  SIGNUP_RATE_LIMIT: positiveInt,
  /** Wrong admin keys allowed per IP address per 15 minutes before 429. */
  ADMIN_LOGIN_RATE_LIMIT: positiveInt,
  /**
   * Mails one inbox may receive per 24 h from each allowance: what visitors ask for it, what staff
   * send it, confirmation requests to its aliases (src/lib/email/limits.ts).
   */
  MAIL_RECIPIENT_DAILY_LIMIT: positiveInt,
  /** Mails one client address may ask for per hour (recommendations). */
  MAIL_CLIENT_HOURLY_LIMIT: positiveInt,
  /** Mails the whole site sends per minute; more wait in the mail queue for the next minute. */
  MAIL_SEND_RATE_PER_MINUTE: positiveInt,
  /** Recipients per campaign batch (one provider request each; SendGrid takes at most 1,000). */
  CAMPAIGN_BATCH_SIZE: positiveInt.max(1000, 'must be at most 1000 (SendGrid personalizations per request)'),
  /** Signups one network (IPv4 /24, IPv6 /64) may make per 10 minutes, counted in Blobs across instances. */
  SIGNUP_NETWORK_LIMIT: positiveInt,
  /** Signups the whole site accepts per day (UTC), counted in Blobs: the bound on what the mail queue holds. */
  SIGNUP_SITE_DAILY_LIMIT: positiveInt,
});

export type Env = z.infer<typeof schema> & {
  /** Staff key; null when unset or unusable (see `problems`). */
  ADMIN_KEY: string | null;
  /** Signs admin sessions, confirmation and unsubscribe links, and keys the IP hashes; null when unusable. */
  SESSION_SECRET: string | null;
  /** True only in an explicit local mode (SITE_URL has a default). */
  LOCAL_MODE: boolean;
  /** Why a secret is null, by variable name. */
  problems: Partial<Record<SecretName, string>>;
};

type Source = Record<string, string | undefined>;

/**
 * True in an explicit local mode: LOCAL_MODE=true and no deployed context, no REQUIRE_CONFIG.
 * scripts/runtime/local-secrets.mjs applies the same rule (tests/unit/scripts/local-secrets.test.ts).
 */
export function isLocalMode(source: Source): boolean {
  const deployed = (DEPLOYED_CONTEXTS as readonly string[]).includes(source.CONTEXT ?? '');
  return source.LOCAL_MODE === 'true' && !deployed && source.REQUIRE_CONFIG !== 'true';
}

/** True when the environment must be fully configured (anything but local mode). */
export function isStrict(source: Source): boolean {
  return !isLocalMode(source);
}

/**
 * Validates an environment. Throws an Error listing every malformed non-secret variable by name;
 * secrets that are missing or unusable become null with a reason in `problems` (fail closed).
 * @param source usually `process.env`
 */
export function parseEnv(source: Source): Env {
  const local = isLocalMode(source);
  const pick = (name: string) => {
    const v = source[name];
    return v === undefined || v === '' ? undefined : v;
  };
  const problems: Env['problems'] = {};
  const secret = (name: keyof typeof SECRET_RULES): string | null => {
    const value = pick(name);
    if (value === undefined) {
      problems[name] = local
        ? 'is not set (npm start and npm run dev generate one in .netlify/local-secrets.json)'
        : 'is not set (required outside local mode)';
      return null;
    }
    const checked = SECRET_RULES[name].safeParse(value);
    if (!checked.success) {
      problems[name] = checked.error.issues[0]?.message ?? 'is invalid';
      return null;
    }
    if (isPublishedSecret(value)) {
      problems[name] = 'is a value published in this repository, refused everywhere: choose your own';
      return null;
    }
    return value;
  };
  const raw = {
    SENDGRID_API_KEY: pick('SENDGRID_API_KEY'),
    SENDGRID_BASE_URL: pick('SENDGRID_BASE_URL'),
    SENDGRID_WEBHOOK_PUBLIC_KEY: pick('SENDGRID_WEBHOOK_PUBLIC_KEY'),
    MAIL_FROM: pick('MAIL_FROM') ?? 'hello@mapletech.ca',
    MAIL_FROM_NAME: pick('MAIL_FROM_NAME') ?? 'Maple Tech',
    SITE_URL: pick('SITE_URL') ?? (local ? 'http://localhost:8888' : null),
    SITE_LAUNCHED: pick('SITE_LAUNCHED') ?? 'false',
    SIGNUP_RATE_LIMIT: pick('SIGNUP_RATE_LIMIT') ?? '10',
    ADMIN_LOGIN_RATE_LIMIT: pick('ADMIN_LOGIN_RATE_LIMIT') ?? '5',
    MAIL_RECIPIENT_DAILY_LIMIT: pick('MAIL_RECIPIENT_DAILY_LIMIT') ?? '3',
    MAIL_CLIENT_HOURLY_LIMIT: pick('MAIL_CLIENT_HOURLY_LIMIT') ?? '5',
    MAIL_SEND_RATE_PER_MINUTE: pick('MAIL_SEND_RATE_PER_MINUTE') ?? '120',
    CAMPAIGN_BATCH_SIZE: pick('CAMPAIGN_BATCH_SIZE') ?? '1000',
    // Flood limits (src/lib/signups/server/flood-limits.ts): a network at least 3 times one address's
    // minute; the site one day of sending at the send rate.
    SIGNUP_NETWORK_LIMIT: pick('SIGNUP_NETWORK_LIMIT') ?? String(3 * (Number(pick('SIGNUP_RATE_LIMIT') ?? '10') || 10)),
    SIGNUP_SITE_DAILY_LIMIT:
      pick('SIGNUP_SITE_DAILY_LIMIT') ?? String(24 * 60 * (Number(pick('MAIL_SEND_RATE_PER_MINUTE') ?? '120') || 120)),
  };
  const ADMIN_KEY = secret('ADMIN_KEY');
  const SESSION_SECRET = secret('SESSION_SECRET');
  const result = schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${String(i.path[0])}: ${i.message}`);
    const secretLines = Object.entries(problems).map(([name, why]) => `  - ${name}: ${why}`);
    throw new Error(
      `Invalid server configuration:\n${[...secretLines, ...lines].join('\n')}\nSee .env.example and the README.`,
    );
  }
  if (result.data.SITE_URL === null) problems.SITE_URL = 'is not set (required outside local mode)';
  return { ...result.data, ADMIN_KEY, SESSION_SECRET, LOCAL_MODE: local, problems };
}

/**
 * The value of a secret this feature needs, or HttpError 503 `not_configured` with a log line naming
 * the variable. Used by the admin API, signed links (confirm, unsubscribe) and signups.
 */
export function requireConfig(name: SecretName): string {
  const env = getEnv();
  const value = env[name];
  if (value) return value;
  console.error(
    `[config] ${name} ${env.problems[name] ?? 'is not set'}: refusing the request (503). Set it in the site's environment variables.`,
  );
  throw new HttpError(
    503,
    'not_configured',
    'This feature is not configured on this deployment yet. Please try again later.',
  );
}

let cached: { key: string; env: Env } | undefined;

/** The validated configuration of this process (re-read when the environment changes, e.g. in tests). */
export function getEnv(): Env {
  const source = process.env as Source;
  const key = ['ADMIN_KEY', 'SESSION_SECRET']
    .concat([
      'SENDGRID_API_KEY',
      'SENDGRID_BASE_URL',
      'MAIL_FROM',
      'MAIL_FROM_NAME',
      'SITE_URL',
      'SITE_LAUNCHED',
      'SIGNUP_RATE_LIMIT',
      'ADMIN_LOGIN_RATE_LIMIT',
    ])
    .concat([
      'MAIL_RECIPIENT_DAILY_LIMIT',
      'MAIL_CLIENT_HOURLY_LIMIT',
      'MAIL_SEND_RATE_PER_MINUTE',
      'CAMPAIGN_BATCH_SIZE',
      'SIGNUP_NETWORK_LIMIT',
      'SIGNUP_SITE_DAILY_LIMIT',
      'CONTEXT',
      'REQUIRE_CONFIG',
      'LOCAL_MODE',
    ])
    .concat(['SENDGRID_WEBHOOK_PUBLIC_KEY'])
    .map((k) => `${k}=${source[k] ?? ''}`)
    .join('\n');
  if (cached?.key !== key) cached = { key, env: parseEnv(source) };
  return cached.env;
}
