import { describe, expect, it } from 'vitest';
import { isLocalMode, parseEnv } from '../../../src/lib/server/env';
import { PUBLISHED_SECRETS } from '../../../src/lib/server/published-secrets';

describe('server configuration', () => {
  it('in explicit local mode, has defaults for everything but the secrets, which are never built in', () => {
    const env = parseEnv({ LOCAL_MODE: 'true' });
    expect(env.ADMIN_KEY).toBeNull();
    expect(env.SESSION_SECRET).toBeNull();
    expect(env.problems.ADMIN_KEY).toMatch(/not set \(npm start and npm run dev generate one/);
    expect(env.SENDGRID_API_KEY).toBeUndefined();
    expect(env.SITE_URL).toBe('http://localhost:8888');
    expect(env.SITE_LAUNCHED).toBe(false);
    expect(env.SIGNUP_RATE_LIMIT).toBe(10);
    expect(env.MAIL_RECIPIENT_DAILY_LIMIT).toBe(3);
    const set = parseEnv({ LOCAL_MODE: 'true', ADMIN_KEY: 'a-generated-key-1', SESSION_SECRET: 's'.repeat(43) });
    expect(set.problems).toEqual({});
  });

  it('without local mode, missing secrets are null with a reason (fail closed), never the defaults', () => {
    const env = parseEnv({});
    expect(env.ADMIN_KEY).toBeNull();
    expect(env.SESSION_SECRET).toBeNull();
    expect(env.SITE_URL).toBeNull();
    expect(Object.keys(env.problems).sort()).toEqual(['ADMIN_KEY', 'SESSION_SECRET', 'SITE_URL']);
  });

  it.each(['production', 'deploy-preview', 'branch-deploy'])(
    'a deployed context (%s) wins over LOCAL_MODE',
    (CONTEXT) => {
      expect(isLocalMode({ CONTEXT, LOCAL_MODE: 'true' })).toBe(false);
      const env = parseEnv({ CONTEXT, LOCAL_MODE: 'true' });
      expect(env.ADMIN_KEY).toBeNull();
      expect(env.problems.ADMIN_KEY).toMatch(/not set/);
      expect(isLocalMode({ CONTEXT: 'dev', LOCAL_MODE: 'true' })).toBe(true);
      expect(isLocalMode({ LOCAL_MODE: 'true', REQUIRE_CONFIG: 'true' })).toBe(false);
    },
  );

  it.each([{ LOCAL_MODE: 'true' }, { CONTEXT: 'production' }])(
    'refuses the values this repository once published, in every mode (%o)',
    (mode) => {
      const [publishedKey, publishedSecret] = PUBLISHED_SECRETS;
      const env = parseEnv({
        ...mode,
        ADMIN_KEY: publishedKey,
        SESSION_SECRET: 'x'.repeat(40),
        SITE_URL: 'https://mapletech.ca',
      });
      expect(env.ADMIN_KEY).toBeNull();
      expect(env.problems.ADMIN_KEY).toMatch(/published in this repository/);
      expect(env.SESSION_SECRET).toBe('x'.repeat(40));
      const secret = parseEnv({ ...mode, ADMIN_KEY: 'a-very-long-staff-key', SESSION_SECRET: publishedSecret });
      expect(secret.SESSION_SECRET).toBeNull();
      expect(secret.problems.SESSION_SECRET).toMatch(/published in this repository/);
    },
  );

  it('accepts a complete production configuration', () => {
    const env = parseEnv({
      CONTEXT: 'production',
      ADMIN_KEY: 'a-very-long-staff-key',
      SESSION_SECRET: 's'.repeat(40),
      SITE_URL: 'https://mapletech.ca',
      SITE_LAUNCHED: 'true',
    });
    expect(env.SITE_LAUNCHED).toBe(true);
    expect(env.ADMIN_KEY).toBe('a-very-long-staff-key');
    expect(env.problems).toEqual({});
  });

  it('a too-short secret is unusable with the reason; malformed other values throw by variable name', () => {
    expect(parseEnv({ LOCAL_MODE: 'true', ADMIN_KEY: 'short' }).problems.ADMIN_KEY).toBe(
      'must be at least 12 characters',
    );
    expect(() => parseEnv({ MAIL_FROM: 'not-an-email', SITE_LAUNCHED: 'maybe', SIGNUP_RATE_LIMIT: '-1' })).toThrow(
      /MAIL_FROM: must be an e-mail address[\s\S]*SITE_LAUNCHED[\s\S]*SIGNUP_RATE_LIMIT/,
    );
  });
});
