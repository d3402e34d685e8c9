import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { productionEnv } from '../../../test/production-env.ts';
import { OutboxRepository } from '../../modules/messaging/index.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  const outbox = new OutboxRepository(t.db);
  await outbox.enqueue({
    channel: 'email',
    recipient: 'a@example.com',
    lang: 'en',
    subject: 'Code <1>',
    body: 'Your code is 123456',
  });
  await outbox.enqueue({
    channel: 'sms',
    recipient: '66812345678',
    lang: 'th',
    subject: 's',
    body: 'รหัส 654321',
  });
});
afterAll(() => t.close());

describe('dev mailbox', () => {
  it('lists messages newest first, filtered by recipient', async () => {
    const all = (await t.app.inject({ url: '/dev/mailbox.json' })).json().data;
    expect(all.map((m: { recipient: string }) => m.recipient)).toEqual(['66812345678', 'a@example.com']);
    const one = (await t.app.inject({ url: '/dev/mailbox.json?to=A@example.com' })).json().data;
    expect(one).toHaveLength(1);
    expect(one[0].body).toBe('Your code is 123456');
  });

  it('shows an HTML page that escapes what it shows', async () => {
    const res = await t.app.inject({ url: '/dev/mailbox' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Code &lt;1&gt;');
    expect(res.body).not.toContain('Code <1>');
  });

  it('does not exist in production', async () => {
    // Production refuses the outbox transport; these endpoints are never reached (nothing is pending).
    const prod = await createTestApp(productionEnv);
    try {
      expect((await prod.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
