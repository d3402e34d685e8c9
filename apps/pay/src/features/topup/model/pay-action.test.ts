import { describe, expect, it } from 'vitest';
import { appLink, clock, minutesMark, payActionOf } from './pay-action.ts';

describe('payActionOf', () => {
  it('keeps the instructions and the app link of an answer, nothing else', () => {
    const qr = { kind: 'qr', qr_string: '000201' } as const;
    expect(
      payActionOf({ order_no: 'GP1', pay_url: '', pay_instructions: qr, app_url: 'gcash://pay' }),
    ).toEqual({
      pay_instructions: qr,
      app_url: 'gcash://pay',
    });
    expect(payActionOf({ order_no: 'GP1', pay_url: 'https://checkout' })).toEqual({});
    expect(payActionOf(undefined)).toEqual({});
  });

  it("reads the order's expiry from order_detail, for a countdown on any device", () => {
    const tracked = { order_no: 'GP1', expires_at: '2026-11-30T10:30:00.000Z' } as const;
    expect(payActionOf(tracked)).toEqual({ expiresAt: Date.parse('2026-11-30T10:30:00.000Z') });
  });
});

describe('appLink', () => {
  it("offers a wallet's own scheme and web links", () => {
    expect(appLink('gcash://pay?request=pr-1')).toBe('gcash://pay?request=pr-1');
    expect(appLink('momo://app?action=payWithApp')).toBe('momo://app?action=payWithApp');
    expect(appLink('https://link.dana.id/pay?x=1')).toBe('https://link.dana.id/pay?x=1');
  });

  it('refuses a link that would run or read something in the page, and no link', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'pay',
      '',
    ])
      expect(appLink(url)).toBeUndefined();
    expect(appLink(undefined)).toBeUndefined();
  });
});

describe('clock', () => {
  it('reads minutes and seconds, hours past an hour', () => {
    expect(clock(1800)).toBe('30:00');
    expect(clock(1781)).toBe('29:41');
    expect(clock(245)).toBe('4:05');
    expect(clock(3729)).toBe('1:02:09');
    expect(clock(0)).toBe('0:00');
    expect(clock(-3)).toBe('0:00');
  });
});

describe('minutesMark', () => {
  it('names the smallest announced minute the time left is under, and changes only at a mark', () => {
    expect(minutesMark(1800)).toBeUndefined();
    expect(minutesMark(600)).toBeUndefined();
    expect(minutesMark(599)).toBe(10);
    expect(minutesMark(301)).toBe(10);
    expect(minutesMark(299)).toBe(5);
    expect(minutesMark(59)).toBe(1);
    expect(minutesMark(0)).toBe(1);
  });
});
