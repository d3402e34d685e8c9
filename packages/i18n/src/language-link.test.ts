import { describe, expect, it } from 'vitest';
import { takeLanguage, withLanguage } from './language-link.ts';

describe('withLanguage', () => {
  it.each([
    ['http://localhost:8081/login', 'th', 'http://localhost:8081/login?lang=th'],
    [
      'http://localhost:8081/login?redirect=http%3A%2F%2Flocalhost%3A8080%2Fnews%3Fa%3D1',
      'vi',
      'http://localhost:8081/login?redirect=http%3A%2F%2Flocalhost%3A8080%2Fnews%3Fa%3D1&lang=vi',
    ],
    // A language it already carried is replaced, wherever it was; the others keep their place and spelling.
    [
      'http://localhost:8082/pay_h5?lang=en&game=1#items',
      'zh',
      'http://localhost:8082/pay_h5?game=1&lang=zh#items',
    ],
    ['/pay_h5?q=a+b&x=%20', 'cn', '/pay_h5?q=a+b&x=%20&lang=cn'],
    ['http://localhost:8080/?', 'th', 'http://localhost:8080/?lang=th'],
  ] as const)('%s + %s -> %s', (url, lang, expected) => {
    expect(withLanguage(url, lang)).toBe(expected);
  });
});

describe('takeLanguage', () => {
  it('takes the language out and leaves every other parameter as it was', () => {
    expect(takeLanguage('http://localhost:8081/login_h5?redirect=http%3A%2F%2Fx&lang=th#top')).toEqual({
      lang: 'th',
      url: 'http://localhost:8081/login_h5?redirect=http%3A%2F%2Fx#top',
      found: true,
    });
    expect(takeLanguage('http://localhost:8080/news?lang=vi')).toEqual({
      lang: 'vi',
      url: 'http://localhost:8080/news',
      found: true,
    });
  });

  it('reads language tags as well as our codes', () => {
    expect(takeLanguage('/x?lang=zh-Hant').lang).toBe('zh');
    expect(takeLanguage('/x?lang=zh-Hans').lang).toBe('cn');
    expect(takeLanguage('/x?lang=zh').lang).toBe('zh');
    expect(takeLanguage('/x?lang=cn').lang).toBe('cn');
  });

  it('removes a language we do not offer without adopting it', () => {
    expect(takeLanguage('/news?lang=ja&page=2')).toEqual({
      lang: undefined,
      url: '/news?page=2',
      found: true,
    });
    expect(takeLanguage('/news?lang=')).toEqual({ lang: undefined, url: '/news', found: true });
  });

  it('leaves an address without a language alone', () => {
    expect(takeLanguage('/news?language=th&glang=vi')).toEqual({
      lang: undefined,
      url: '/news?language=th&glang=vi',
      found: false,
    });
  });

  it('round-trips with withLanguage', () => {
    const url = 'http://localhost:8080/service/h5/history?tab=1&x=%E0%B8%81';
    expect(takeLanguage(withLanguage(url, 'th'))).toEqual({ lang: 'th', url, found: true });
  });
});
