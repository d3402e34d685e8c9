import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commonParams, defineCall, fullPath } from './define.ts';
import { homeNavList } from './web.contracts.ts';
import { paySwitch } from './pay.contracts.ts';

describe('defineCall', () => {
  it('defaults GET to query and POST to form encoding (spec 7)', () => {
    const post = defineCall({
      group: 'passport',
      method: 'POST',
      path: '/web/login',
      auth: 'public',
      request: z.object({}),
      response: z.null(),
    });
    expect(post.encoding).toBe('form');
    expect(homeNavList.encoding).toBe('query');
  });

  it('refuses a GET with a body encoding', () => {
    expect(() =>
      defineCall({
        group: 'web',
        method: 'GET',
        path: '/x',
        encoding: 'json',
        auth: 'public',
        request: z.object({}),
        response: z.null(),
      }),
    ).toThrow(/query string/);
  });

  it('puts the group prefix before the spec path', () => {
    expect(fullPath(homeNavList)).toBe('/web/home/nav/list');
    expect(fullPath(paySwitch)).toBe('/pay/api/web/pay/switch');
  });

  it('is frozen, so nobody changes a contract at run time', () => {
    expect(Object.isFrozen(homeNavList)).toBe(true);
  });
});

describe('commonParams', () => {
  it('falls back to en for a missing or unknown language and coerces the region', () => {
    expect(commonParams.parse({})).toEqual({ lang: 'en' });
    expect(commonParams.parse({ lang: 'xx', region: '7' })).toEqual({ lang: 'en', region: 7 });
    expect(commonParams.parse({ lang: 'zh' }).lang).toBe('zh');
  });

  it('refuses a region that is not a positive integer', () => {
    expect(commonParams.safeParse({ region: 'abc' }).success).toBe(false);
    expect(commonParams.safeParse({ region: '-1' }).success).toBe(false);
  });
});

describe('pay switch request', () => {
  it('reads distribution_region from a query string', () => {
    expect(paySwitch.request.parse({ distribution_region: '5' })).toEqual({ distribution_region: 5 });
    expect(paySwitch.request.safeParse({ distribution_region: 'five' }).success).toBe(false);
  });
});
