/** The top-up captcha under simultaneous orders: one captcha, one order; its tries counted exactly. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes } from '@gp/errors';
import { openTestDatabase } from '../../../../test/test-app.ts';
import { TestClock } from '../../../../test/test-clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { createCaptchaService } from '../../sessions/index.ts';
import { PayCaptchaService } from './pay-captcha.service.ts';

let database: Database;
let captcha: PayCaptchaService;
beforeAll(async () => {
  database = await openTestDatabase();
  captcha = new PayCaptchaService(
    createCaptchaService(database.db, { testAnswer: 'pass', now: new TestClock().now }),
  );
});
afterAll(() => database.close());

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'passed',
    (e: unknown) => (e instanceof AppError ? e.code : e),
  );

describe('top-up captcha', () => {
  it('of 50 orders sent at once with the right answer, exactly one passes; the others are err1', async () => {
    const { captcha_token } = await captcha.issue();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => outcome(captcha.check(captcha_token, 'pass'))),
    );
    expect(results.filter((r) => r === 'passed')).toHaveLength(1);
    expect(results.filter((r) => r === codes.payWrongCaptcha)).toHaveLength(49);
  });

  it('of 50 wrong answers at once, 3 are counted: the right answer after them no longer passes', async () => {
    const { captcha_token } = await captcha.issue();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(captcha.check(captcha_token, `no${i}`))),
    );
    expect(results.filter((r) => r === codes.payWrongCaptcha)).toHaveLength(50);
    expect(await outcome(captcha.check(captcha_token, 'pass'))).toBe(codes.payWrongCaptcha);
  });

  it('two wrong answers leave the third try for the right one', async () => {
    const { captcha_token } = await captcha.issue();
    expect(await outcome(captcha.check(captcha_token, 'no1'))).toBe(codes.payWrongCaptcha);
    expect(await outcome(captcha.check(captcha_token, 'no2'))).toBe(codes.payWrongCaptcha);
    expect(await outcome(captcha.check(captcha_token, 'pass'))).toBe('passed');
  });
});
