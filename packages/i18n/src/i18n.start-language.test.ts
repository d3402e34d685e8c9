import { afterEach, describe, expect, it, vi } from 'vitest';
import { carryLanguage, currentLanguage, rememberTimeZone, startLanguage, switchLanguage } from './i18n.ts';

/** A browser's cookies as `document.cookie` reads and writes them (name=value; attributes kept per write). */
function cookieJar(seed: Record<string, string> = {}) {
  const values = new Map(Object.entries(seed));
  const writes: string[] = [];
  return {
    values,
    writes,
    get cookie() {
      return [...values].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      values.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    },
  };
}

/**
 * A page of `href` in a browser whose languages are `preferred`, with this tab's session storage, the browser's
 * cookies, and how the page was reached (`navigate`, `reload` or `back_forward`).
 */
function openPage(
  href: string,
  preferred: string[],
  stored: Record<string, string> = {},
  options: { cookies?: Record<string, string>; reached?: NavigationTimingType } = {},
) {
  const storage = new Map(Object.entries(stored));
  const replaceState = vi.fn((_state: unknown, _unused: string, url: string) => {
    location.href = new URL(url, location.href).href;
  });
  const location = { href, host: new URL(href).host, protocol: new URL(href).protocol, reload: vi.fn() };
  const listeners = new Map<string, (event: unknown) => void>();
  vi.stubGlobal('window', {
    location,
    history: { state: { idx: 0 }, replaceState },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
  });
  vi.stubGlobal('navigator', { languages: preferred, language: preferred[0] });
  const jar = cookieJar(options.cookies);
  const documentListeners = new Map<string, () => void>();
  const doc = Object.assign(jar, {
    documentElement: { lang: '' },
    visibilityState: 'visible',
    addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
    removeEventListener: (type: string) => documentListeners.delete(type),
  });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('performance', {
    getEntriesByType: (type: string) =>
      type === 'navigation' ? [{ type: options.reached ?? 'navigate' }] : [],
  });
  /** The browser shows the page again from its back-forward cache. */
  const restore = () => listeners.get('pageshow')?.({ persisted: true });
  /** The player switches away (another tab, the phone locked), or leaves the page. */
  const hide = () => {
    doc.visibilityState = 'hidden';
    documentListeners.get('visibilitychange')?.();
  };
  const leave = () => listeners.get('pagehide')?.({ persisted: false });
  return { storage, replaceState, location, jar, restore, hide, leave };
}

/** Development's player hosts differ by port only: the shared cookie needs no Domain (languages.ts `sharedCookieScope`). */
const localScope = {};

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

  it('back to a page of another host: the language of the page the player saw last on our hosts', () => {
    // On the portal in Thai, the player went to the pay host and chose Vietnamese there, then pressed back.
    const back = openPage(
      'http://localhost:8080/news',
      ['en-US'],
      { 'gp.lang:localhost:8080': 'th' },
      {
        cookies: { gp_latest_lang: 'vi' },
        reached: 'back_forward',
      },
    );
    expect(startLanguage({ carried: true, languageScope: localScope })).toBe('vi');
    expect(back.storage.get('gp.lang:localhost:8080')).toBe('vi');
    expect(back.jar.values.get('gp_lang_localhost_8080')).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');

    // Reached by a link or typed: each host keeps its own choice (spec 4), and the page names its language as the
    // latest.
    const typed = openPage(
      'http://localhost:8080/news',
      ['en-US'],
      { 'gp.lang:localhost:8080': 'th' },
      {
        cookies: { gp_latest_lang: 'vi' },
      },
    );
    expect(startLanguage({ carried: true, languageScope: localScope })).toBe('th');
    expect(typed.jar.values.get('gp_latest_lang')).toBe('th');
    // Development's hosts differ by port only: a cookie without Domain reaches them all.
    expect(typed.jar.writes.find((w) => w.startsWith('gp_latest_lang='))).toBe(
      'gp_latest_lang=th; Path=/; SameSite=Lax',
    );

    // A language the link carried wins, whatever the button.
    openPage(
      'http://localhost:8080/news?lang=zh',
      ['en-US'],
      {},
      {
        cookies: { gp_latest_lang: 'vi' },
        reached: 'back_forward',
      },
    );
    expect(startLanguage({ carried: true, languageScope: localScope })).toBe('zh');

    // A latest language we do not offer is no language.
    openPage(
      'http://localhost:8080/',
      ['en-US'],
      { 'gp.lang:localhost:8080': 'th' },
      {
        cookies: { gp_latest_lang: 'ja' },
        reached: 'back_forward',
      },
    );
    expect(startLanguage({ carried: true, languageScope: localScope })).toBe('th');
  });

  it("writes the latest language under the hosts' shared name, Secure on https; nowhere when they share none", () => {
    const page = openPage('https://pay.gp.example/pay_h5?lang=th', ['en-US']);
    startLanguage({ carried: true, languageScope: { domain: 'gp.example' } });
    expect(page.jar.writes.find((w) => w.startsWith('gp_latest_lang='))).toBe(
      'gp_latest_lang=th; Path=/; Domain=gp.example; SameSite=Lax; Secure',
    );

    const apart = openPage('https://pay.example.net/pay_h5?lang=th', ['en-US']);
    startLanguage({ carried: true, languageScope: null });
    expect(apart.jar.values.has('gp_latest_lang')).toBe(false);
  });

  it('a page shown again from the back-forward cache reloads in the latest language, once it differs', () => {
    const page = openPage('http://localhost:8082/pay_h5', ['en-US'], { 'gp.lang:localhost:8082': 'th' });
    expect(startLanguage({ carried: true, languageScope: localScope })).toBe('th');
    page.restore();
    expect(page.location.reload).not.toHaveBeenCalled();
    // Meanwhile the player chose Chinese on another of our hosts.
    page.jar.values.set('gp_latest_lang', 'cn');
    page.restore();
    expect(page.storage.get('gp.lang:localhost:8082')).toBe('cn');
    expect(page.location.reload).toHaveBeenCalledTimes(1);
  });

  it('a switch names the new language as the latest; the console takes no part', () => {
    const page = openPage('http://localhost:8081/login', ['en-US'], { 'gp.lang:localhost:8081': 'en' });
    startLanguage({ carried: true, languageScope: localScope });
    switchLanguage('vi');
    expect(page.jar.values.get('gp_latest_lang')).toBe('vi');
    expect(page.location.reload).toHaveBeenCalledTimes(1);

    const staffConsole = openPage(
      'http://localhost:8083/',
      ['en-US'],
      { 'gp.lang:localhost:8083': 'th' },
      {
        cookies: { gp_latest_lang: 'vi' },
        reached: 'back_forward',
      },
    );
    expect(startLanguage({ carried: true })).toBe('th');
    switchLanguage('zh');
    expect(staffConsole.jar.values.get('gp_latest_lang')).toBe('vi');
  });
});

describe('rememberTimeZone', () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it('writes the browser zone when the page is first hidden, not while it loads', () => {
    const page = openPage(
      'https://www.example.com/h5',
      ['en-US'],
      {},
      { cookies: { gp_tz: 'Asia%2FManila' } },
    );
    rememberTimeZone();
    expect(page.jar.writes).toEqual([]);
    page.hide();
    expect(page.jar.values.get('gp_tz')).toBe(encodeURIComponent(zone));
    expect(page.jar.writes[0]).toMatch(/; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/);
    // Once: hiding the page again or leaving it writes nothing more.
    page.leave();
    page.hide();
    expect(page.jar.writes).toHaveLength(1);
  });

  it('writes it when the player leaves a page never hidden, and only when it changed', () => {
    const page = openPage('http://localhost:8080/', ['en-US']);
    rememberTimeZone();
    page.leave();
    expect(page.jar.values.get('gp_tz')).toBe(encodeURIComponent(zone));
    expect(page.jar.writes[0]).not.toContain('Secure');
    const again = openPage(
      'http://localhost:8080/',
      ['en-US'],
      {},
      { cookies: { gp_tz: encodeURIComponent(zone) } },
    );
    rememberTimeZone();
    again.leave();
    expect(again.jar.writes).toEqual([]);
  });
});
