import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('has a local default for everything', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ API_PORT: 8090, PORTAL_PORT: 8080, SEED_DEMO: true, SERVE_APPS: false });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.appOrigins).toEqual([
      'http://localhost:8080',
      'http://localhost:8081',
      'http://localhost:8082',
      'http://localhost:8083',
    ]);
  });

  it('lists every wrong variable at once', () => {
    expect(() => parseEnv({ API_PORT: 'eighty', DATABASE_URL: 'mysql://x', SERVE_APPS: 'yes' })).toThrow(
      /API_PORT[\s\S]*DATABASE_URL[\s\S]*SERVE_APPS/,
    );
  });

  it('accepts a PostgreSQL URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://gp:pw@127.0.0.1:5433/gp' }).DATABASE_URL).toBe(
      'postgres://gp:pw@127.0.0.1:5433/gp',
    );
  });

  it('refuses test-only and missing secrets in production', () => {
    const prod = { NODE_ENV: 'production', PREVIEW_SECRET: 'x'.repeat(32) };
    expect(() => parseEnv({ ...prod, CAPTCHA_TEST_ANSWER: 'pass' })).toThrow(
      /CAPTCHA_TEST_ANSWER: a fixed captcha answer is for tests only/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PREVIEW_SECRET: required in production/);
    expect(parseEnv(prod).previewSecret).toBe('x'.repeat(32));
  });
});
