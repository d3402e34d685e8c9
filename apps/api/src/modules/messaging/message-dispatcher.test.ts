/**
 * The dispatcher on a real database: claims, sends, marks sent; retries with backoff and gives up after five
 * tries; never lets two dispatchers send one message; logs without the message text. Then end to end: a code
 * requested through the API leaves by SMTP and by the SMS gateway and is marked sent.
 */
import type { CaptchaAction } from '@gp/contracts/passport';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageText } from '@gp/i18n/server';
import { startSmtpServer } from '../../dev/mailbox/smtp-sink.ts';
import { startSmsGateway } from '../../../test/message-servers.ts';
import { captchaTicket, postForm } from '../../../test/passport-steps.ts';
import { createTestApp, openTestDatabase } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { systemClock } from '../../config/clock.ts';
import type { Database } from '../../db/database.ts';
import { outboxMessage } from '../../db/schema/passport.schema.ts';
import { HttpSmsTransport } from './http-sms.transport.ts';
import { dispatchPolicy, MessageDispatcher } from './message-dispatcher.ts';
import type { MessageTransport, TransportMessage } from './message-transport.ts';
import { OutboxRepository, scrubbedMark } from './outbox.repository.ts';
import { OutboxTransport } from './outbox.transport.ts';

let database: Database;
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  database = await openTestDatabase();
  gateway = await startSmsGateway();
});
afterAll(async () => {
  await gateway.close();
  await database.close();
});

const rowOf = async (id: number) =>
  (await database.db.select().from(outboxMessage).where(eq(outboxMessage.id, id)))[0]!;

const enqueueSms = (recipient: string, body = `[JoyPeak Games] Your code is 314159`) =>
  new OutboxRepository(database.db).enqueue({ channel: 'sms', recipient, lang: 'en', subject: 'code', body });

/** A logger that keeps every line, to check what reaches the logs. */
function recordingLog() {
  const lines: { level: string; context: unknown; message: string }[] = [];
  const at = (level: string) => (context: unknown, message?: string) =>
    void lines.push({ level, context, message: message ?? '' });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

/** A transport that records and holds every send until released. */
function heldTransport() {
  const sent: number[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const transport: MessageTransport = {
    name: 'http',
    keepsLocally: false,
    send: async (m: TransportMessage) => {
      await gate;
      sent.push(m.id);
    },
    close: async () => {},
  };
  return { transport, sent, release: () => release() };
}

describe('message dispatcher', () => {
  it('sends a due message through its channel transport and marks it sent', async () => {
    gateway.state.mode = 'ok';
    const id = (await enqueueSms('66811111111'))!;
    const dispatcher = new MessageDispatcher({
      db: database.db,
      transports: { sms: new HttpSmsTransport({ url: gateway.url }), email: new OutboxTransport() },
      log: recordingLog().log,
      now: systemClock,
    });
    expect(dispatcher.channels).toEqual(['sms']);
    expect(await dispatcher.runOnce()).toBe(1);
    expect(gateway.state.accepted.at(-1)).toMatchObject({ to: '+66811111111' });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(await dispatcher.runOnce()).toBe(0);
  });

  it('keeps no code in a message it has sent; a message without a secret keeps its text', async () => {
    gateway.state.mode = 'ok';
    const repo = new OutboxRepository(database.db);
    const body = '[JoyPeak Games] Your code is 271828, valid 10 minutes';
    const secret = { values: ['271828'], expiresAt: new Date(Date.now() + 600_000) };
    const withCode = (await repo.enqueue({
      channel: 'sms',
      recipient: '66811110001',
      lang: 'en',
      subject: 'code',
      body,
      secret,
    }))!;
    const plain = (await enqueueSms('66811110002', 'Your ticket was answered'))!;
    // Waiting to leave, it holds the code (the transport needs it).
    expect((await rowOf(withCode)).body).toBe(body);
    const dispatcher = new MessageDispatcher({
      db: database.db,
      transports: { sms: new HttpSmsTransport({ url: gateway.url }), email: new OutboxTransport() },
      log: recordingLog().log,
      now: systemClock,
    });
    expect(await dispatcher.runOnce()).toBe(2);
    expect(gateway.state.accepted.find((m) => m.to === '+66811110001')?.text).toBe(body);
    expect(await rowOf(withCode)).toMatchObject({
      status: 'sent',
      body: `[JoyPeak Games] Your code is ${scrubbedMark}, valid 10 minutes`,
      scrubbedBody: null,
      secretExpiresAt: null,
    });
    expect(await rowOf(plain)).toMatchObject({ status: 'sent', body: 'Your ticket was answered' });
  });

  it('leaves channels on the outbox transport alone', async () => {
    const id = (await new OutboxRepository(database.db).enqueue({
      channel: 'email',
      recipient: 'kept@example.com',
      lang: 'en',
      subject: 's',
      body: 'b',
    }))!;
    const dispatcher = new MessageDispatcher({
      db: database.db,
      transports: { sms: new HttpSmsTransport({ url: gateway.url }), email: new OutboxTransport() },
      log: recordingLog().log,
      now: systemClock,
    });
    await dispatcher.runOnce();
    expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
  });

  it('retries a refused message with backoff and marks it failed after five tries, logging no text', async () => {
    gateway.state.mode = 'fail';
    const requestsBefore = gateway.state.requests;
    const id = (await enqueueSms('66822222222', '[JoyPeak Games] Your code is 271828'))!;
    const clock = new TestClock(new Date('2030-01-01T00:00:00Z'));
    const { lines, log } = recordingLog();
    const dispatcher = new MessageDispatcher({
      db: database.db,
      transports: { sms: new HttpSmsTransport({ url: gateway.url }) },
      log,
      now: clock.now,
    });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await dispatcher.runOnce()).toBe(1);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: 'SMS gateway answered HTTP 500',
      });
      expect(row.nextAttemptAt!.getTime()).toBe(clock.now().getTime() + dispatchPolicy.backoffMs(attempt));
      // Not due again before its time.
      clock.set(new Date(row.nextAttemptAt!.getTime() - 1));
      expect(await dispatcher.runOnce()).toBe(0);
      clock.set(row.nextAttemptAt!);
    }
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 5, sentAt: null });
    clock.advance(86_400_000);
    expect(await dispatcher.runOnce()).toBe(0);
    expect(gateway.state.requests - requestsBefore).toBe(5);
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn', 'warn', 'warn', 'error']);
    expect(lines[4]!.context).toMatchObject({ messageId: id, channel: 'sms', attempts: 5 });
    expect(JSON.stringify(lines)).not.toContain('271828');
  });

  it('records a gateway that does not answer as a failed try', async () => {
    gateway.state.mode = 'hang';
    const id = (await enqueueSms('66833333333'))!;
    const dispatcher = new MessageDispatcher({
      db: database.db,
      transports: { sms: new HttpSmsTransport({ url: gateway.url, timeoutMs: 200 }) },
      log: recordingLog().log,
      now: systemClock,
    });
    expect(await dispatcher.runOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMS gateway did not answer within 200 ms',
    });
    await database.db.update(outboxMessage).set({ status: 'failed' }).where(eq(outboxMessage.id, id));
  });

  it('lets only one of two dispatchers send a message, and takes over a lease its sender let lapse', async () => {
    const ids = [(await enqueueSms('66844444444'))!, (await enqueueSms('66855555555'))!];
    const first = heldTransport();
    const second = heldTransport();
    second.release();
    const log = recordingLog().log;
    const a = new MessageDispatcher({
      db: database.db,
      transports: { sms: first.transport },
      log,
      now: systemClock,
    });
    const b = new MessageDispatcher({
      db: database.db,
      transports: { sms: second.transport },
      log,
      now: systemClock,
    });
    const running = a.runOnce();
    await vi.waitFor(async () => expect((await rowOf(ids[1]!)).attempts).toBe(1));
    expect(await b.runOnce()).toBe(0); // both are leased to `a`, which is still sending
    first.release();
    expect(await running).toBe(2);
    expect(first.sent).toEqual(ids);
    expect(second.sent).toEqual([]);

    // A sender that died mid-send: its lease runs out and another process sends the message.
    const orphan = (await enqueueSms('66866666666'))!;
    await database.db
      .update(outboxMessage)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() + dispatchPolicy.leaseMs) })
      .where(eq(outboxMessage.id, orphan));
    expect(await b.runOnce()).toBe(0);
    const later = new MessageDispatcher({
      db: database.db,
      transports: { sms: second.transport },
      log,
      now: new TestClock(Date.now() + dispatchPolicy.leaseMs + 1_000).now,
    });
    expect(await later.runOnce()).toBe(1);
    expect(await rowOf(orphan)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('dispatch in the running app', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      CAPTCHA_TEST_ANSWER: 'pass',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'JoyPeak Games <no-reply@joypeak.test>',
      SMS_TRANSPORT: 'http',
      SMS_GATEWAY_URL: gateway.url,
      SMS_GATEWAY_TOKEN: 'gw-token',
      OUTBOX_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, form: Record<string, string>) => postForm(t.app, url, form);
  const ticket = (action?: CaptchaAction) => captchaTicket(t.app, undefined, action);
  const rowTo = async (recipient: string) =>
    (await new OutboxRepository(t.db).latest({ recipient, limit: 1 }))[0]!;

  it('mails a sign-up code in the asker language by SMTP and marks it sent', async () => {
    const sent = await post('/passport/web/captcha/generic/send?lang=th', {
      user: 'Mali@Example.com',
      type: 'register',
      captcha: await ticket('register'),
    });
    expect(sent.code).toBe(0);
    await vi.waitFor(() => expect(smtp.mails.some((m) => m.to.includes('mali@example.com'))).toBe(true), {
      timeout: 5_000,
    });
    const mail = smtp.mails.find((m) => m.to.includes('mali@example.com'))!;
    const code = mail.text.match(/\b\d{6}\b/)![0];
    expect(mail.subject).toBe(messageText('th', 'code.subject'));
    expect(mail.text).toBe(messageText('th', 'code.body', { code, minutes: 10 }));
    await vi.waitFor(async () => expect((await rowTo('mali@example.com')).status).toBe('sent'));
    // Delivered: the stored message keeps the text without its code, and so does the dev mailbox, which reads it.
    const row = await rowTo('mali@example.com');
    expect(row).toMatchObject({ scrubbedBody: null, secretExpiresAt: null });
    expect(row.body).toBe(messageText('th', 'code.body', { code: scrubbedMark, minutes: 10 }));
    expect(row.body).not.toContain(code);
    const mailbox = (await t.app.inject({ url: '/dev/mailbox.json?to=mali@example.com' })).json().data;
    expect(mailbox[0].body).toBe(row.body);
  });

  it('texts a sign-up code through the SMS gateway and marks it sent', async () => {
    gateway.state.mode = 'ok';
    const sent = await post('/passport/web/sms/generic/send?lang=vi', {
      cid: '84',
      tel: '0912345678',
      type: 'register',
      captcha: await ticket('register'),
    });
    expect(sent.code).toBe(0);
    await vi.waitFor(() => expect(gateway.state.accepted.some((s) => s.to === '+84912345678')).toBe(true), {
      timeout: 5_000,
    });
    const sms = gateway.state.accepted.find((s) => s.to === '+84912345678')!;
    const code = sms.text.match(/\b\d{6}\b/)![0];
    expect(sms).toMatchObject({ authorization: 'Bearer gw-token' });
    expect(sms.text).toBe(messageText('vi', 'code.sms', { code, minutes: 10 }));
    await vi.waitFor(async () => expect((await rowTo('84912345678')).status).toBe('sent'));
    expect((await rowTo('84912345678')).body).toBe(
      messageText('vi', 'code.sms', { code: scrubbedMark, minutes: 10 }),
    );
  });
});
