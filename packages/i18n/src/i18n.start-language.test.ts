import { afterEach, describe, expect, it, vi } from 'vitest';
import { carryLanguage, currentLanguage, startLanguage } from './i18n.ts';

/** A page of `href` in a browser whose languages are `preferred`, with this tab's session storage. */
function openPage(href: string, preferred: string[], stored: Record<string, string> = {}) {
  const storage = new Map(Object.entries(stored));
  const replaceState = vi.fn((_state: unknown, _unused: string, url: string) => {
    location.href = new URL(url, location.href).href;
  });
  const location = { href, host: new URL(href).host };
  vi.stubGlobal('window', {
    location,
    history: { state: { idx: 0 }, replaceState },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
  });
  vi.stubGlobal('navigator', { languages: preferred, language: preferred[0] });
  vi.stubGlobal('document', { documentElement: { lang: '' } });
  return { storage, replaceState, location };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startLanguage', () => {
  it('adopts the language a link carried, keeps it for this host and takes it out of the address', () => {
    const page = openPage(
      'http://localhost:8081/login?redirect=http%3A%2F%2Flocalhost%3A8080%2F&lang=th',
      ['en-US'],
      {
        'gp.lang:localhost:8081': 'vi',
      },
    );
    expect(startLanguage({ carried: true })).toBe('th');
    expect(currentLanguage()).toBe('th');
    expect(document.documentElement.lang).toBe('th');
    expect(page.storage.get('gp.lang:localhost:8081')).toBe('th');
    expect(page.replaceState).toHaveBeenCalledWith(
      { idx: 0 },
      '',
      'http://localhost:8081/login?redirect=http%3A%2F%2Flocalhost%3A8080%2F',
    );
    expect(carryLanguage('http://localhost:8080/news')).toBe('http://localhost:8080/news?lang=th');
  });

  it('without a carried language: the stored choice of this host, else the browser (first visit)', () => {
    const stored = openPage('http://localhost:8082/pay_h5', ['th-TH'], { 'gp.lang:localhost:8082': 'zh' });
    expect(startLanguage({ carried: true })).toBe('zh');
    expect(stored.replaceState).not.toHaveBeenCalled();

    const first = openPage('http://localhost:8082/pay_h5', ['vi-VN', 'en']);
    expect(startLanguage({ carried: true })).toBe('vi');
    expect(first.storage.get('gp.lang:localhost:8082')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
  });

  it('drops a language we do not offer from the address and falls back', () => {
    const page = openPage('http://localhost:8080/news?lang=ja&page=2', ['en-US']);
    expect(startLanguage({ carried: true })).toBe('en');
    expect(page.location.href).toBe('http://localhost:8080/news?page=2');
  });

  it('leaves `lang` alone where the app does not take a carried language (the console filters by it)', () => {
    const page = openPage('http://localhost:8083/faq?lang=th&page=2', ['en-US'], {
      'gp.lang:localhost:8083': 'vi',
    });
    expect(startLanguage()).toBe('vi');
    expect(page.replaceState).not.toHaveBeenCalled();
    expect(page.storage.get('gp.lang:localhost:8083')).toBe('vi');
  });
});
