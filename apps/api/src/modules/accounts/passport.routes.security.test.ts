import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { country } from '@gp/contracts/passport';
import { createTestApp } from '../../../test/test-app.ts';
import { TestClock } from '../../../test/test-clock.ts';
import { CaptchaService } from '../sessions/index.ts';
import { encryptPassword, RsaService } from './rsa.service.ts';
import { CaptchaRepository } from '../sessions/index.ts';
import { SecurityRepository } from './security.repository.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_TEST_ANSWER: 'pass' });
});
afterAll(() => t.close());

const post = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(form).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('graphic captcha', () => {
  it('draws an SVG whose answer is not in the markup, and turns the right answer into a one-time ticket', async () => {
    const created = (await post('/passport/web/captcha/img/captcha', { distribution_region: '5' })).json();
    expect(created.code).toBe(0);
    expect(created.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(created.data.image.split(',')[1], 'base64').toString();
    expect(svg).toContain('<path');
    expect(svg).not.toContain('<text');
    const solved = (
      await post('/passport/web/captcha/verify/captcha', {
        img_token: created.data.img_token,
        captcha: ' PASS ',
      })
    ).json();
    expect(solved.code).toBe(0);
    expect(solved.data.ticket).toBeTruthy();
    // A solved captcha cannot be solved again.
    expect(
      (
        await post('/passport/web/captcha/verify/captcha', {
          img_token: created.data.img_token,
          captcha: 'pass',
        })
      ).json().code,
    ).toBe(-105);
    // The ticket works once.
    const service = new CaptchaService(new CaptchaRepository(t.db), { now: t.app.now });
    await expect(service.requireTicket(solved.data.ticket, 'login')).resolves.toBeUndefined();
    await expect(service.requireTicket(solved.data.ticket, 'login')).rejects.toMatchObject({ code: -105 });
    await expect(service.requireTicket(undefined, 'login')).rejects.toMatchObject({ code: -105 });
  });

  it('spends a captcha after three wrong answers, on both verify paths', async () => {
    const { img_token } = (await post('/passport/web/captcha/img/captcha', {})).json().data;
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/passport/komoe/web/captcha/verify/captcha', { img_token, captcha: 'nope' })).json()
          .code,
      ).toBe(-105);
    }
    expect(
      (await post('/passport/web/captcha/verify/captcha', { img_token, captcha: 'pass' })).json().code,
    ).toBe(-105);
  });

  it('refuses an expired captcha and a missing answer', async () => {
    const repo = new CaptchaRepository(t.db);
    const past = new CaptchaService(repo, {
      testAnswer: 'pass',
      now: new TestClock(Date.now() - 10 * 60_000).now,
    });
    const old = await past.create();
    expect(
      (
        await post('/passport/web/captcha/verify/captcha', { img_token: old.img_token, captcha: 'pass' })
      ).json().code,
    ).toBe(-105);
    const missing = await post('/passport/web/captcha/verify/captcha', { img_token: old.img_token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields).toEqual([{ field: 'captcha', code: 'invalid_type' }]);
  });
});

describe('RSA password transport', () => {
  it('decrypts a password sealed with a fresh nonce exactly once', async () => {
    const res = await t.app.inject({ url: '/passport/web/rsa_public' });
    expect(res.headers['cache-control']).toBe('no-store');
    const key = res.json().data;
    expect(key.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const sealed = encryptPassword(key.public_key, key.nonce, 'Secret123');
    const rsa = new RsaService(new SecurityRepository(t.db), { now: t.app.now });
    expect(await rsa.decryptPassword(sealed)).toBe('Secret123');
    await expect(rsa.decryptPassword(sealed)).rejects.toMatchObject({ code: -112 }); // replay
    await expect(rsa.decryptPassword('bm90IHJzYQ==')).rejects.toMatchObject({ code: -112 });
    await expect(
      rsa.decryptPassword(encryptPassword(key.public_key, 'made-up-nonce', 'x')),
    ).rejects.toMatchObject({ code: -112 });
  });

  it('keeps one key pair for every process', async () => {
    const a = (await t.app.inject({ url: '/passport/web/rsa_public' })).json().data.public_key;
    const other = new RsaService(new SecurityRepository(t.db), { now: t.app.now });
    expect((await other.publicKey()).public_key).toBe(a);
  });
});

describe('GET /passport/web/common/countryList', () => {
  it('lists Southeast Asia first with names in the page language', async () => {
    const th = country
      .array()
      .parse((await t.app.inject({ url: '/passport/web/common/countryList?lang=th' })).json().data);
    expect(th[0]).toEqual({ cid: 66, code: 'TH', name: 'ไทย' });
    const zh = country
      .array()
      .parse((await t.app.inject({ url: '/passport/web/common/countryList?lang=zh' })).json().data);
    expect(zh.find((c) => c.code === 'VN')?.name).toBe('越南');
  });
});
