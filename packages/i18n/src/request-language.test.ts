import { describe, expect, it } from 'vitest';
import { acceptedLanguages, requestLanguage, requestTimeZone } from './request-language.ts';

describe('requestLanguage', () => {
  const host = 'portal.example.com';
  it('takes the first supported Accept-Language by q order, as navigator.languages lists them', () => {
    expect(acceptedLanguages('en;q=0.5, th-TH, zh-TW;q=0.8, *;q=0.1, fr;q=0')).toEqual([
      'th-TH',
      'zh-TW',
      'en',
    ]);
    expect(requestLanguage({ host, url: '/h5', acceptLanguage: 'fr-FR, zh-HK;q=0.9, en;q=0.8' })).toBe('zh');
    expect(requestLanguage({ host, url: '/h5', acceptLanguage: 'de' })).toBe('en');
    expect(requestLanguage({ host, url: '/h5' })).toBe('en');
  });
  it("prefers this host's language cookie, then a carried language over both", () => {
    const cookie = 'a=1; gp_lang_portal_example_com=cn; gp_lang_pay_example_com=th';
    expect(requestLanguage({ host, url: '/h5', cookie, acceptLanguage: 'vi' })).toBe('cn');
    expect(requestLanguage({ host, url: '/h5?x=1&lang=zh', cookie, acceptLanguage: 'vi' })).toBe('zh');
    expect(
      requestLanguage({ host, url: '/h5', cookie: 'gp_lang_portal_example_com=ja', acceptLanguage: 'vi' }),
    ).toBe('vi');
  });
});

describe('requestTimeZone', () => {
  it("takes the browser's zone from its cookie, else the site's", () => {
    expect(requestTimeZone('a=1; gp_tz=Asia%2FManila', 'Asia/Bangkok')).toBe('Asia/Manila');
    expect(requestTimeZone('gp_tz=Asia/Jakarta', 'Asia/Bangkok')).toBe('Asia/Jakarta');
    for (const cookie of [
      undefined,
      '',
      'gp_tz=',
      'gp_tz=Mars%2FOlympus',
      'gp_tz=%E0%A4%A',
      'x_gp_tz=Asia%2FManila',
    ])
      expect(requestTimeZone(cookie, 'Asia/Bangkok'), cookie).toBe('Asia/Bangkok');
  });
});
