import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

/** Real transports for outgoing e-mail and SMS, which production requires. */
const senders = {
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.com:587',
  MAIL_FROM: 'JoyPeak Games <no-reply@example.com>',
  SMS_TRANSPORT: 'http',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
};

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
    const prod = {
      NODE_ENV: 'production',
      PREVIEW_SECRET: 'x'.repeat(32),
      STAFF_LINK_SECRET: 'y'.repeat(32),
      ...senders,
    };
    expect(() => parseEnv({ ...prod, CAPTCHA_TEST_ANSWER: 'pass' })).toThrow(
      /CAPTCHA_TEST_ANSWER: a fixed captcha answer is for tests only/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PREVIEW_SECRET: required in production/);
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/STAFF_LINK_SECRET: required in production/);
    expect(parseEnv(prod).previewSecret).toBe('x'.repeat(32));
    expect(parseEnv(prod).staffLinkSecret).toBe('y'.repeat(32));
    // Locally a random one per process, never a fixed default anyone could know.
    expect(parseEnv({}).staffLinkSecret).not.toBe(parseEnv({}).staffLinkSecret);
    expect(() => parseEnv({ STAFF_LINK_SECRET: 'short' })).toThrow(/STAFF_LINK_SECRET/);
  });

  it('keeps e-mail and SMS in the outbox by default, and refuses that in production', () => {
    expect(parseEnv({})).toMatchObject({
      MAIL_TRANSPORT: 'outbox',
      SMS_TRANSPORT: 'outbox',
      OUTBOX_POLL_MS: 2000,
    });
    const prod = {
      NODE_ENV: 'production',
      PREVIEW_SECRET: 'x'.repeat(32),
      STAFF_LINK_SECRET: 'y'.repeat(32),
    };
    expect(() => parseEnv(prod)).toThrow(/MAIL_TRANSPORT: `outbox` keeps e-mails in the database/);
    expect(() => parseEnv(prod)).toThrow(/SMS_TRANSPORT: `outbox` keeps SMS in the database/);
    expect(() => parseEnv({ ...prod, ...senders, SMS_TRANSPORT: 'outbox' })).toThrow(/SMS_TRANSPORT/);
    expect(parseEnv({ ...prod, ...senders })).toMatchObject({
      MAIL_TRANSPORT: 'smtp',
      SMS_TRANSPORT: 'http',
    });
  });

  it('needs the settings of the chosen transports', () => {
    expect(() => parseEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(
      /SMTP_URL: required with MAIL_TRANSPORT=smtp[\s\S]*MAIL_FROM: required with MAIL_TRANSPORT=smtp/,
    );
    expect(() => parseEnv({ SMS_TRANSPORT: 'http' })).toThrow(
      /SMS_GATEWAY_URL: required with SMS_TRANSPORT=http/,
    );
    expect(
      parseEnv({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9000/sms' }).SMS_GATEWAY_TOKEN,
    ).toBe(undefined);
  });

  it('checks the transport settings themselves', () => {
    expect(() =>
      parseEnv({
        MAIL_TRANSPORT: 'pigeon',
        SMTP_URL: 'http://smtp.example.com',
        MAIL_FROM: 'nobody',
        SMS_GATEWAY_URL: 'ftp://sms.example.com',
      }),
    ).toThrow(/MAIL_TRANSPORT[\s\S]*SMTP_URL[\s\S]*MAIL_FROM[\s\S]*SMS_GATEWAY_URL/);
    expect(() => parseEnv({ MAIL_FROM: 'a@example.com\r\nBcc: x@example.com' })).toThrow(/MAIL_FROM/);
    expect(
      parseEnv({
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtps://u:p@mail.example.com:465',
        MAIL_FROM: 'a@example.com',
      }).SMTP_URL,
    ).toBe('smtps://u:p@mail.example.com:465');
  });
});
