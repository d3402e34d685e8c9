import { describe, expect, it } from 'vitest';
import { deviceKind, deviceRedirect, hostHop, safeRedirect } from './navigation-rules.ts';

const ua = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36',
};

describe('deviceKind', () => {
  it.each([
    [ua.iphone, 0, 'phone'],
    [ua.android, 5, 'phone'],
    [ua.androidTablet, 5, 'tablet'],
    [ua.ipad, 5, 'tablet'],
    [ua.mac, 5, 'tablet'], // iPadOS 13+ presents itself as a Mac
    [ua.mac, 0, 'desktop'],
    [ua.windows, 0, 'desktop'],
  ] as const)('%s (%i touch points) is a %s', (agent, touch, kind) => {
    expect(deviceKind(agent, touch)).toBe(kind);
  });
});

describe('deviceRedirect', () => {
  it.each([
    ['phone', '/news', '?page=2', '/news/h5?page=2'],
    ['phone', '/news-detail/42', '', '/news-detail/h5/42'],
    ['phone', '/', '?utm=x', '/h5?utm=x'],
    ['phone', '/service/history', '', '/service/h5/history'],
    ['phone', '/paygame', '', '/pay_h5'],
    ['phone', '/login', '?redirect=x', '/login_h5?redirect=x'],
    ['phone', '/news/h5', '', undefined],
    ['phone', '/account', '', undefined], // one page for both
    ['tablet', '/news', '', '/news/h5'],
    ['tablet', '/', '', undefined], // tablets keep the desktop home
    ['tablet', '/h5', '?a=1', '/?a=1'],
    ['desktop', '/news/h5', '?page=3', '/news?page=3'],
    ['desktop', '/active-pre-detail/h5/9', '?token=t', '/active-pre-detail/9?token=t'],
    ['desktop', '/gamelist_h5', '', '/'],
    ['desktop', '/pay_h5/pg_record', '', '/paygame_history'],
    ['desktop', '/news', '', undefined],
    ['desktop', '/no/such/page', '', undefined],
  ] as const)('%s on %s%s -> %s', (kind, path, search, expected) => {
    expect(deviceRedirect(path, search, kind)).toBe(expected);
  });
});

const origins = {
  portal: 'https://www.example.com',
  passport: 'https://passport.example.com',
  pay: 'https://pay.example.com',
};

describe('hostHop', () => {
  it.each([
    ['portal', '/login', '?redirect=a', 'https://passport.example.com/login?redirect=a'],
    ['portal', '/account', '', 'https://passport.example.com/account'],
    ['portal', '/pay_h5/payorder', '?o=1', 'https://pay.example.com/pay_h5/payorder?o=1'],
    ['portal', '/news', '', undefined],
    ['portal', '/no/such/page', '', undefined], // the portal itself sends it home
    ['passport', '/news/h5', '?x=1', 'https://www.example.com/news/h5?x=1'],
    ['passport', '/', '', 'https://www.example.com/'],
    ['passport', '/paygame/', '', 'https://pay.example.com/paygame/'],
    ['passport', '/signup_h5', '', undefined],
    ['passport', '/whatever', '', 'https://www.example.com/'],
    ['pay', '/', '', 'https://www.example.com/'],
    ['pay', '/findpwd', '', 'https://passport.example.com/findpwd'],
    ['pay', '/pays_h5', '', undefined],
  ] as const)('%s host, %s%s -> %s', (host, path, search, expected) => {
    expect(hostHop(path, search, host, origins)).toBe(expected);
  });
});

describe('safeRedirect', () => {
  const allowed = Object.values(origins);
  const base = 'https://passport.example.com';
  const home = 'https://www.example.com/';
  it.each([
    ['https://www.example.com/service/history?x=1', 'https://www.example.com/service/history?x=1'],
    ['https://pay.example.com/pay_h5/payorder', 'https://pay.example.com/pay_h5/payorder'],
    ['/account', 'https://passport.example.com/account'],
    ['https://www.example.com:443/news', 'https://www.example.com/news'],
    ['https://evil.com/', home],
    ['//evil.com', home],
    ['///evil.com', home],
    ['/\\evil.com', home],
    ['\\\\evil.com', home],
    ['https:evil.com', home],
    ['https:/evil.com', home],
    ['javascript:alert(1)', home],
    ['JAVASCRIPT:alert(1)', home],
    ['data:text/html,<script>alert(1)</script>', home],
    ['https://www.example.com@evil.com/', home],
    ['https://user:pw@www.example.com/', home],
    ['https://www.example.com.evil.com/', home],
    ['https://evil.com/https://www.example.com/', home],
    ['http://www.example.com/', home], // another scheme is another origin
    ['https://www．example．com/', 'https://www.example.com/'], // full-width dots normalise to ours: harmless
    ['https://еxample.com/', home], // Cyrillic е
    ['https://www.example.com\u200b.evil.com/', home],
    ['/\t/evil.com', home],
    [' https://evil.com', home],
    ['news', home],
    ['', home],
    [undefined, home],
    [42, home],
  ] as const)('%j -> %s', (value, expected) => {
    expect(safeRedirect(value, allowed, base, home)).toBe(expected);
  });
});
