/**
 * Secrets never reach the logs (log-redaction.ts, app.ts): the app's own logger, at its most talkative level,
 * writes into a stream while calls carry a CSRF token, a download signature, a preview token, an e-mail ticket,
 * a verification code, a password (sealed and, in a body the server cannot parse, in clear) and a session
 * cookie; none of those values appears in any line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { loginTestMember } from '../../test/member-session.ts';
import { captchaAnswer, captchaTicket, latestCode, sealPasswords } from '../../test/passport-steps.ts';
import { createLoggedTestApp } from '../../test/test-app.ts';
import { errorSerializer, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the values of secret parameters and keeps the rest as sent', () => {
    expect(redactUrl('/web/news/detail?news_id=3&preview_token=abc.def&lang=en')).toBe(
      '/web/news/detail?news_id=3&preview_token=[redacted]&lang=en',
    );
    expect(redactUrl('/csmng/x?task_id=t1&expires=17&sig=00ff&ct=tok')).toBe(
      '/csmng/x?task_id=t1&expires=17&sig=[redacted]&ct=[redacted]',
    );
    expect(redactUrl('/a?email_ticket=T&code=123456&new_password=p&token=x&region=2')).toBe(
      '/a?email_ticket=[redacted]&code=[redacted]&new_password=[redacted]&token=[redacted]&region=2',
    );
    // Encoded names are judged decoded; a bare name has no value to hide.
    expect(redactUrl('/a?%73ig=1&ct&x=1')).toBe('/a?%73ig=[redacted]&ct&x=1');
    expect(redactUrl('/no/query')).toBe('/no/query');
  });
});

describe('errorSerializer', () => {
  const serialize = errorSerializer(stdSerializers.err);

  it("drops a failed query's parameter values, keeping its SQL", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const error = new DrizzleQueryError(
      'insert into "member" ("user_id", "password_hash") values ($1, $2)',
      ['someone@example.com', '$argon2id$secret-hash'],
      cause,
    );
    const out = serialize(error);
    const text = JSON.stringify(out);
    expect(text).toContain('insert into \\"member\\"');
    expect(text).toContain('duplicate key value');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('someone@example.com');
    expect(out.params).toBeUndefined();
  });

  it('treats an error logged as its text the same way, and leaves other values alone', () => {
    const error = new DrizzleQueryError('select $1', ['code-123456-secret'], new Error('boom'));
    const text = serialize(String(error) as unknown as Error) as unknown as string;
    expect(text).toBe('Error: Failed query: select $1\nparams: [redacted]');
    expect(serialize('timeout' as unknown as Error)).toBe('timeout');
    expect(serialize(undefined as unknown as Error)).toBeUndefined();
    expect(serialize({ message: 'plain object' } as Error)).toMatchObject({ message: 'plain object' });
  });

  it('drops the text a JSON parse error quotes', () => {
    let error: Error | undefined;
    try {
      JSON.parse('x{"password":"hunter2-in-clear"}');
    } catch (e) {
      error = e as Error;
    }
    const text = JSON.stringify(serialize(error!));
    expect(text).not.toContain('hunter2');
    expect(text).toContain('is not valid JSON');
  });
});

describe('the logs of real calls', () => {
  let t: Awaited<ReturnType<typeof createLoggedTestApp>>;
  let app: Awaited<ReturnType<typeof createLoggedTestApp>>['app'];
  let lines: string[];

  beforeAll(async () => {
    t = await createLoggedTestApp({ LOG_LEVEL: 'trace', CAPTCHA_TEST_ANSWER: captchaAnswer });
    app = t.app;
    lines = t.lines;
  });
  afterAll(() => t.close());

  const form = (url: string, fields: Record<string, string>, cookies: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      cookies,
    });

  it('hold none of the secrets the calls carried', async () => {
    const member = await loginTestMember(app.db);
    const secrets: string[] = [member.ct, ...Object.values(member.cookies)];

    // Query strings: ct, a preview token, a download signature, an e-mail ticket.
    await app.inject({ url: `/passport/web/user/info?ct=${member.ct}`, cookies: member.cookies });
    const previewToken = 'PREVIEWTOKEN.abcdef0123456789';
    await app.inject(`/web/news/detail?news_id=1&preview_token=${previewToken}&lang=en`);
    const sig = 'c0ffee0ddba11c0ffee0ddba11';
    await app.inject(`/csmng/komoe/mng/work_order/excel_download?task_id=t1&expires=9999999999&sig=${sig}`);
    const ticket = 'EMAILTICKETsecret42';
    await form(`/passport/web/email/mail.check?email_ticket=${ticket}`, {
      email_ticket: ticket,
      email: 'someone@example.com',
      email_type: 'reset',
    });
    secrets.push(previewToken, sig, ticket);

    // A verification code, sent and then checked (in the body and, as a careless page might, in the query).
    const sent = await form('/passport/web/sms/generic/send', {
      cid: '66',
      tel: '812345670',
      type: 'register',
      captcha: await captchaTicket(app, undefined, 'register'),
    });
    expect(sent.json().code).toBe(0);
    const code = await latestCode(app.db, '66812345670');
    const checked = await form(`/passport/web/sms/generic/check?code=${code}`, {
      cid: '66',
      tel: '812345670',
      type: 'register',
      code,
    });
    expect(checked.json().code).toBe(0);

    // A password: sealed as the pages send it, and in clear inside a body the server cannot parse.
    const password = 'Correct-Horse-Battery-9';
    const [sealed] = await sealPasswords(app, password);
    await form('/passport/web/login', { user: 'nobody@example.com', pwd: sealed!, captcha: 'x' });
    const refused = await app.inject({
      method: 'POST',
      url: '/passport/web/login',
      headers: { 'content-type': 'application/json' },
      payload: `x{"user":"a","pwd":"${password}"}`,
    });
    expect(refused.statusCode).toBe(400);
    secrets.push(password, sealed!);

    const log = lines.join('\n');
    // The calls were logged (so the test can fail), with their paths, just not their secrets.
    expect(log).toContain(
      '/csmng/komoe/mng/work_order/excel_download?task_id=t1&expires=9999999999&sig=[redacted]',
    );
    expect(log).toContain('preview_token=[redacted]');
    expect(log).toContain('"request refused"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    // Six digits could occur inside a timestamp: look for the code standing alone.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
