import { describe, expect, it } from 'vitest';
import { LOCAL_DEFAULTS, parseEnv } from '../../src/lib/server/env';

describe('server configuration', () => {
  it('runs locally with no configuration, using documented defaults and the outbox', () => {
    const env = parseEnv({});
    expect(env.ADMIN_KEY).toBe(LOCAL_DEFAULTS.ADMIN_KEY);
    expect(env.SENDGRID_API_KEY).toBeUndefined();
    expect(env.SITE_URL).toBe('http://localhost:8888');
    expect(env.SITE_LAUNCHED).toBe(false);
    expect(env.SIGNUP_RATE_LIMIT).toBe(10);
  });

  it('fails loudly in production, naming every missing secret', () => {
    expect(() => parseEnv({ CONTEXT: 'production' })).toThrowError(/ADMIN_KEY: is required[\s\S]*SESSION_SECRET: is required[\s\S]*SITE_URL: is required/);
  });

  it('refuses the local defaults in production', () => {
    expect(() =>
      parseEnv({ CONTEXT: 'production', ADMIN_KEY: LOCAL_DEFAULTS.ADMIN_KEY, SESSION_SECRET: 'x'.repeat(40), SITE_URL: 'https://mapletech.ca' }),
    ).toThrowError(/ADMIN_KEY: the local development default must not be used/);
  });

  it('accepts a complete production configuration', () => {
    const env = parseEnv({ CONTEXT: 'production', ADMIN_KEY: 'a-very-long-staff-key', SESSION_SECRET: 's'.repeat(40), SITE_URL: 'https://mapletech.ca', SITE_LAUNCHED: 'true' });
    expect(env.SITE_LAUNCHED).toBe(true);
    expect(env.ADMIN_KEY).toBe('a-very-long-staff-key');
  });

  it('explains invalid values by variable name', () => {
    expect(() => parseEnv({ ADMIN_KEY: 'short', MAIL_FROM: 'not-an-email', SITE_LAUNCHED: 'maybe', SIGNUP_RATE_LIMIT: '-1' })).toThrowError(
      /ADMIN_KEY: must be at least 12 characters[\s\S]*MAIL_FROM: must be an e-mail address[\s\S]*SITE_LAUNCHED[\s\S]*SIGNUP_RATE_LIMIT/,
    );
  });
});
