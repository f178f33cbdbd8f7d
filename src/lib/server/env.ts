/**
 * Server configuration, read from the environment and validated with zod.
 *
 * Server-only: never import this from a page script or an island. Locally every
 * value has a default so `npm start` works with no configuration; in production
 * (Netlify's CONTEXT=production, or REQUIRE_CONFIG=true) the secrets must be set
 * and a missing one throws at cold start, naming the variable.
 */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** Development defaults. Documented in README and .env.example; refused in production. */
export const LOCAL_DEFAULTS = {
  ADMIN_KEY: 'local-admin-key',
  SESSION_SECRET: 'local-session-secret-change-me-0123456789',
} as const;

const schema = z.object({
  /** Staff key. Compared in constant time on the server only. */
  ADMIN_KEY: z.string().min(12, 'must be at least 12 characters'),
  /** Signs admin session cookies and unsubscribe tokens. */
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** When set, mail goes through SendGrid; otherwise to the local outbox store. */
  SENDGRID_API_KEY: z.string().min(1).optional(),
  /** Test-only: point the real SendGrid client at a loopback fake. */
  SENDGRID_BASE_URL: z.url().optional(),
  /** Sender address of every e-mail. */
  MAIL_FROM: z.email('must be an e-mail address'),
  MAIL_FROM_NAME: z.string().min(1),
  /** Public origin used in links inside e-mails (unsubscribe, results). */
  SITE_URL: z.url('must be a URL such as https://example.com'),
  /** `true` turns the pre-launch gate off for everyone. */
  SITE_LAUNCHED: bool,
  /** Signups allowed per IP address per minute (per function instance). */
  SIGNUP_RATE_LIMIT: positiveInt,
  /** Wrong admin keys allowed per IP address per 15 minutes before 429. */
  ADMIN_LOGIN_RATE_LIMIT: positiveInt,
});

export type Env = z.infer<typeof schema>;

type Source = Record<string, string | undefined>;

/** True when the environment must be fully configured (production deploys). */
export function isStrict(source: Source): boolean {
  return source.CONTEXT === 'production' || source.REQUIRE_CONFIG === 'true';
}

/**
 * Validates an environment. Throws an Error listing every bad variable by name.
 * @param source usually `process.env`
 */
export function parseEnv(source: Source): Env {
  const strict = isStrict(source);
  const pick = (name: string) => {
    const v = source[name];
    return v === undefined || v === '' ? undefined : v;
  };
  const raw = {
    ADMIN_KEY: pick('ADMIN_KEY') ?? (strict ? undefined : LOCAL_DEFAULTS.ADMIN_KEY),
    SESSION_SECRET: pick('SESSION_SECRET') ?? (strict ? undefined : LOCAL_DEFAULTS.SESSION_SECRET),
    SENDGRID_API_KEY: pick('SENDGRID_API_KEY'),
    SENDGRID_BASE_URL: pick('SENDGRID_BASE_URL'),
    MAIL_FROM: pick('MAIL_FROM') ?? 'hello@mapletech.ca',
    MAIL_FROM_NAME: pick('MAIL_FROM_NAME') ?? 'Maple Tech',
    SITE_URL: pick('SITE_URL') ?? (strict ? undefined : 'http://localhost:8888'),
    SITE_LAUNCHED: pick('SITE_LAUNCHED') ?? 'false',
    SIGNUP_RATE_LIMIT: pick('SIGNUP_RATE_LIMIT') ?? '10',
    ADMIN_LOGIN_RATE_LIMIT: pick('ADMIN_LOGIN_RATE_LIMIT') ?? '5',
  };
  const result = schema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => {
      const name = String(i.path[0]);
      const missing = raw[name as keyof typeof raw] === undefined;
      return `  - ${name}: ${missing ? 'is required but not set' : i.message}`;
    });
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}\nSee .env.example and the README.`);
  }
  if (strict) {
    for (const [name, value] of Object.entries(LOCAL_DEFAULTS)) {
      if (result.data[name as keyof typeof LOCAL_DEFAULTS] === value) {
        throw new Error(`Invalid server configuration:\n  - ${name}: the local development default must not be used in production`);
      }
    }
  }
  return result.data;
}

let cached: { key: string; env: Env } | undefined;

/** The validated configuration of this process (re-read when the environment changes, e.g. in tests). */
export function getEnv(): Env {
  const source = process.env as Source;
  const key = Object.keys(LOCAL_DEFAULTS)
    .concat(['SENDGRID_API_KEY', 'SENDGRID_BASE_URL', 'MAIL_FROM', 'MAIL_FROM_NAME', 'SITE_URL', 'SITE_LAUNCHED', 'SIGNUP_RATE_LIMIT', 'ADMIN_LOGIN_RATE_LIMIT', 'CONTEXT', 'REQUIRE_CONFIG'])
    .map((k) => `${k}=${source[k] ?? ''}`)
    .join('\n');
  if (cached?.key !== key) cached = { key, env: parseEnv(source) };
  return cached.env;
}
