import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import type { Database } from '../../db/database.ts';
import { outbox } from '../messaging/index.ts';
import { ceilingOf } from '../rate-limit/index.ts';
import { codeLimits, VerificationCodeService } from './verification-code.service.ts';

let database: Database;
const clock = new TestClock();
let service: VerificationCodeService;
/** Codes per address: a soft line of 2 an hour, so a ceiling of 20 (rate-limit/address-limits.ts). */
let tight: VerificationCodeService;
const tightCeiling = ceilingOf(2);
beforeAll(async () => {
  database = await openTestDatabase();
  service = new VerificationCodeService(database.db, async () => 'test-pepper', {
    now: clock.now,
  });
  tight = new VerificationCodeService(database.db, async () => 'test-pepper', {
    now: clock.now,
    perIpPerHour: 2,
  });
});
afterAll(() => database.close());

const minute = 60_000;
async function lastCode(recipient: string) {
  const [message] = await outbox.latest(database.db, { recipient, limit: 1 });
  return { message, code: message?.body.match(/\b\d{6}\b/)?.[0] };
}

describe('e-mail codes', () => {
  const target = 'mai@example.com';
  const base = { channel: 'email' as const, target, purpose: 'register' };

  it('sends a 6-digit code in the member language through the outbox, and takes it once', async () => {
    await service.send({ ...base, ip: '10.0.0.1', lang: 'vi' });
    const { message, code } = await lastCode(target);
    expect(message).toMatchObject({ channel: 'email', lang: 'vi', subject: 'Mã xác minh JoyPeak Games' });
    expect(code).toMatch(/^\d{6}$/);
    await expect(service.check({ ...base, code: '' })).rejects.toMatchObject({ code: 510004 });
    await expect(service.check({ ...base, purpose: 'reset', code })).rejects.toMatchObject({ code: 510005 });
    await service.check({ ...base, code });
    await expect(service.check({ ...base, code })).rejects.toMatchObject({ code: 510005 }); // used
  });

  it('allows one code a minute', async () => {
    clock.advance(30_000);
    await expect(service.send({ ...base, ip: '10.0.0.1', lang: 'en' })).rejects.toMatchObject({
      code: 510002,
    });
    clock.advance(minute);
    await expect(service.send({ ...base, ip: '10.0.0.1', lang: 'en' })).resolves.toBeUndefined();
  });

  it('expires after 10 minutes', async () => {
    const { code } = await lastCode(target);
    clock.advance(codeLimits.ttlMinutes * minute + 1);
    await expect(service.check({ ...base, code })).rejects.toMatchObject({ code: 510005 });
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    await service.send({ ...base, ip: '10.0.0.1', lang: 'en' });
    const { code } = await lastCode(target);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < codeLimits.maxWrongTries; i++) {
      await expect(service.check({ ...base, code: wrong })).rejects.toMatchObject({ code: 510006 });
    }
    await expect(service.check({ ...base, code })).rejects.toMatchObject({ code: 510005 });
  });

  it('caps codes per target per day', async () => {
    const capped = { ...base, target: 'cap@example.com' };
    for (let i = 0; i < codeLimits.perTargetPerDay; i++) {
      clock.advance(minute);
      await service.send({ ...capped, ip: `10.1.0.${i}`, lang: 'en' });
    }
    clock.advance(minute);
    await expect(service.send({ ...capped, ip: '10.2.0.1', lang: 'en' })).rejects.toMatchObject({
      code: 510003,
    });
    clock.advance(86_400_000);
    await expect(service.send({ ...capped, ip: '10.2.0.1', lang: 'en' })).resolves.toBeUndefined();
  });
});

describe('SMS codes', () => {
  it('answer with the SMS flavour of each refusal', async () => {
    const sms = { channel: 'sms' as const, target: '66812345678', purpose: 'register' };
    await service.send({ ...sms, ip: '10.3.0.1', lang: 'th' });
    const { message, code } = await lastCode(sms.target);
    expect(message?.body).toContain('[JoyPeak Games] รหัสของคุณคือ');
    await expect(service.send({ ...sms, ip: '10.3.0.1', lang: 'th' })).rejects.toMatchObject({ code: -700 });
    await expect(service.check({ ...sms, code: '' })).rejects.toMatchObject({ code: -702 });
    await expect(
      service.check({ ...sms, code: code === '123456' ? '654321' : '123456' }),
    ).rejects.toMatchObject({ code: -704 });
    await service.check({ ...sms, code });
  });

  it('past its soft line asks for a fresh captcha; the ceiling stops one address spraying many numbers', async () => {
    for (let i = 0; i < tightCeiling; i++) {
      expect(await tight.pastSoftLine('10.9.9.9')).toBe(i >= 2);
      await tight.send({
        channel: 'sms',
        target: `6690000${String(i).padStart(4, '0')}`,
        purpose: 'register',
        ip: '10.9.9.9',
        lang: 'en',
      });
    }
    expect(await tight.pastSoftLine('10.9.9.10')).toBe(false);
    await expect(
      tight.send({
        channel: 'sms',
        target: '66911111111',
        purpose: 'register',
        ip: '10.9.9.9',
        lang: 'en',
      }),
    ).rejects.toMatchObject({ code: 800000 });
  });
});

describe('simultaneous requests never pass a limit that only some of them fit in', () => {
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'ok',
      (e: unknown) => (e as { code?: number }).code ?? e,
    );
  const tally = (results: unknown[]) =>
    results.reduce<Record<string, number>>(
      (all, r) => ({ ...all, [String(r)]: (all[String(r)] ?? 0) + 1 }),
      {},
    );

  it('50 sends to one number at once: one code goes out, 49 are told one was just sent', async () => {
    const sms = { channel: 'sms' as const, target: '66955550001', purpose: 'register', lang: 'en' as const };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(service.send({ ...sms, ip: `10.20.0.${i}` }))),
    );
    expect(tally(results)).toEqual({ ok: 1, '-700': 49 });
    expect(await outbox.latest(database.db, { recipient: sms.target, limit: 10 })).toHaveLength(1);
  });

  it('50 sends from one address to 50 numbers at once: exactly the hourly ceiling go out', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        outcome(
          tight.send({
            channel: 'sms',
            target: `6696666${String(i).padStart(4, '0')}`,
            purpose: 'register',
            ip: '10.21.0.1',
            lang: 'en',
          }),
        ),
      ),
    );
    expect(tally(results)).toEqual({ ok: tightCeiling, '800000': 50 - tightCeiling });
  });

  it('a send refused for the address gives the slots of the number back', async () => {
    // 10.21.0.1 has used up its hour above; the number it was refused for is free for another address.
    await expect(
      tight.send({
        channel: 'sms',
        target: '66977770001',
        purpose: 'register',
        ip: '10.21.0.1',
        lang: 'en',
      }),
    ).rejects.toMatchObject({ code: 800000 });
    await expect(
      service.send({
        channel: 'sms',
        target: '66977770001',
        purpose: 'register',
        ip: '10.21.0.2',
        lang: 'en',
      }),
    ).resolves.toBeUndefined();
  });

  it('50 wrong guesses at one code at once: exactly 5 are tried, the rest find it spent', async () => {
    const email = { channel: 'email' as const, target: 'race@example.com', purpose: 'reset' };
    await service.send({ ...email, ip: '10.22.0.1', lang: 'en' });
    const { code } = await lastCode(email.target);
    const wrong = code === '000000' ? '000001' : '000000';
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(service.check({ ...email, code: wrong }))),
    );
    expect(tally(results)).toEqual({
      '510006': codeLimits.maxWrongTries,
      '510005': 50 - codeLimits.maxWrongTries,
    });
    expect(await outcome(service.check({ ...email, code }))).toBe(510005);
  });

  it('the right code sent 50 times at once is used once', async () => {
    const email = { channel: 'email' as const, target: 'race2@example.com', purpose: 'reset' };
    await service.send({ ...email, ip: '10.22.0.2', lang: 'en' });
    const { code } = await lastCode(email.target);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(service.check({ ...email, code }))),
    );
    expect(tally(results)).toEqual({ ok: 1, '510005': 49 });
  });
});
