import { describe, expect, it } from 'vitest';
import {
  enabledLanguageOptions,
  i18nextLanguage,
  initialLanguage,
  languageFromTag,
  languageOf,
  matchBrowserLanguage,
  storageKey,
  storeLanguage,
  languageCookieName,
  sharedCookieScope,
} from './languages.ts';

function memoryStorage(seed: Record<string, string> = {}) {
  const data = new Map(Object.entries(seed));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('languageFromTag', () => {
  it.each([
    ['en-US', 'en'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['vi-VN', 'vi'],
    ['zh-CN', 'cn'],
    ['zh', 'cn'],
    ['zh-Hans-SG', 'cn'],
    ['zh-TW', 'zh'],
    ['zh-HK', 'zh'],
    ['zh-Hant', 'zh'],
    ['zh_TW', 'zh'],
    ['ja-JP', undefined], // defined but not enabled
    ['fr-FR', undefined],
    ['', undefined],
  ])('%s -> %s', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });
});

describe('matchBrowserLanguage', () => {
  it('takes the first supported preference', () => {
    expect(matchBrowserLanguage(['fr', 'ja', 'vi-VN', 'en'])).toBe('vi');
  });
  it('falls back to en', () => {
    expect(matchBrowserLanguage(['fr', 'de'])).toBe('en');
    expect(matchBrowserLanguage([])).toBe('en');
  });
});

describe('initialLanguage', () => {
  it('matches the browser on the first visit and keeps the match for this host', () => {
    const storage = memoryStorage();
    expect(initialLanguage({ storage, host: 'www.example.com', preferred: ['th-TH'] })).toBe('th');
    expect(storage.data.get(storageKey('www.example.com'))).toBe('th');
  });
  it('prefers the stored choice of this host over the browser', () => {
    const storage = memoryStorage({ [storageKey('a.example.com')]: 'zh' });
    expect(initialLanguage({ storage, host: 'a.example.com', preferred: ['th'] })).toBe('zh');
    expect(initialLanguage({ storage, host: 'b.example.com', preferred: ['th'] })).toBe('th');
  });
  it('ignores a stored language that is not enabled', () => {
    const storage = memoryStorage({ [storageKey('h')]: 'ja' });
    expect(initialLanguage({ storage, host: 'h', preferred: ['vi'] })).toBe('vi');
  });
  it('works without storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(initialLanguage({ storage: broken, host: 'h', preferred: ['zh-TW'] })).toBe('zh');
    expect(() => storeLanguage({ storage: broken, host: 'h' }, 'en')).not.toThrow();
  });
  it("mirrors the choice into this host's cookie, and starts a new tab in the cookie's language", () => {
    const jar = new Map<string, string>();
    const cookies = { get: (n: string) => jar.get(n), set: (n: string, v: string) => void jar.set(n, v) };
    storeLanguage({ storage: memoryStorage(), cookies, host: 'www.example.com:8080' }, 'vi');
    expect(jar.get(languageCookieName('www.example.com:8080'))).toBe('vi');
    expect(languageCookieName('www.example.com:8080')).toBe('gp_lang_www_example_com_8080');
    const tab = memoryStorage();
    expect(initialLanguage({ storage: tab, cookies, host: 'www.example.com:8080', preferred: ['th'] })).toBe(
      'vi',
    );
    expect(tab.data.get(storageKey('www.example.com:8080'))).toBe('vi');
    // The stored choice of this tab still wins, and another host's cookie is not this host's.
    const chosen = memoryStorage({ [storageKey('www.example.com:8080')]: 'zh' });
    expect(initialLanguage({ storage: chosen, cookies, host: 'www.example.com:8080', preferred: [] })).toBe(
      'zh',
    );
    expect(
      initialLanguage({ storage: memoryStorage(), cookies, host: 'www.example.com:8081', preferred: ['th'] }),
    ).toBe('th');
  });
});

describe('enabledLanguageOptions', () => {
  it('lists the five enabled languages by their own names, not ja', () => {
    expect(enabledLanguageOptions().map((o) => o.label)).toEqual([
      'English',
      'ไทย',
      '简体中文',
      'Tiếng Việt',
      '繁體中文',
    ]);
  });
});

describe('i18nextLanguage and languageOf', () => {
  it.each([
    ['en', 'en'],
    ['th', 'th'],
    ['cn', 'zh-Hans'],
    ['vi', 'vi'],
    ['zh', 'zh-Hant'],
  ] as const)('%s <-> %s', (code, tag) => {
    expect(i18nextLanguage(code)).toBe(tag);
    expect(languageOf(tag)).toBe(code);
    expect(languageOf(code)).toBe(code);
  });
  it('knows no other language', () => {
    expect(languageOf('zh-hant')).toBe('zh');
    expect(languageOf('ja')).toBeUndefined(); // defined, not enabled
    expect(languageOf('fr')).toBeUndefined();
    expect(languageOf('')).toBeUndefined();
  });
});

describe('sharedCookieScope', () => {
  it('no Domain for one host name (development: the hosts differ by port)', () => {
    expect(sharedCookieScope(['localhost', 'localhost', 'LOCALHOST'])).toEqual({});
    expect(sharedCookieScope(['127.0.0.1', '127.0.0.1'])).toEqual({});
  });

  it('the longest suffix of two labels or more that every host shares', () => {
    expect(sharedCookieScope(['portal.gp.localtest', 'pay.gp.localtest', 'passport.gp.localtest'])).toEqual({
      domain: 'gp.localtest',
    });
    expect(sharedCookieScope(['www.example.co.th', 'pay.example.co.th'])).toEqual({
      domain: 'example.co.th',
    });
    expect(sharedCookieScope(['example.com', 'pay.example.com.'])).toEqual({ domain: 'example.com' });
  });

  it('none when the hosts share no registrable name, or are different addresses', () => {
    expect(sharedCookieScope(['portal.example.com', 'pay.example.net'])).toBeUndefined();
    expect(sharedCookieScope(['portal.localtest', 'pay.localtest'])).toBeUndefined();
    expect(sharedCookieScope(['10.0.0.1', '10.0.0.2'])).toBeUndefined();
    expect(sharedCookieScope(['[::1]', 'localhost'])).toBeUndefined();
    expect(sharedCookieScope([])).toBeUndefined();
  });
});
