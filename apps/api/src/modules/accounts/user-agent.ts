/**
 * A small user-agent reader for the account page's session list and the new-device e-mail: the browser family
 * and the operating system, nothing finer. Order matters: many browsers also claim to be Chrome and Safari,
 * so the specific tokens are tried before the generic ones. Unknown agents say so rather than guess.
 */
export interface DeviceSummary {
  /** A product name ("Chrome", "Safari", ...) or null when the agent names none we know. */
  browser: string | null;
  /** "Windows", "macOS", "iOS", "iPadOS", "Android", "ChromeOS", "Linux", or null. */
  os: string | null;
  mobile: boolean;
}

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bMicroMessenger\//, 'WeChat'],
  [/\bLine\//, 'LINE'],
  [/\bFBAN\/|\bFBAV\//, 'Facebook'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: ReadonlyArray<[RegExp, string]> = [
  [/\biPad\b/, 'iPadOS'],
  [/\biPhone\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(list: ReadonlyArray<[RegExp, string]>, agent: string): string | null {
  return list.find(([pattern]) => pattern.test(agent))?.[1] ?? null;
}

export function summarizeUserAgent(agent: string | null | undefined): DeviceSummary {
  const ua = agent ?? '';
  const os = first(systems, ua);
  return {
    browser: first(browsers, ua),
    os,
    mobile: /\bMobile\b|\biPhone\b|\biPod\b/.test(ua) || (os === 'Android' && !/\bTablet\b/.test(ua)),
  };
}

/** "Chrome, Windows" for an e-mail; untranslated product names, "?" for what is unknown. */
export function deviceLabel(agent: string | null | undefined): string {
  const { browser, os } = summarizeUserAgent(agent);
  return `${browser ?? '?'}, ${os ?? '?'}`;
}

/**
 * An address shown without pointing at a subscriber: the first two parts of an IPv4 address, the first three
 * groups of an IPv6 one. There is no local GeoIP database, so the list shows this instead of a country.
 */
export function maskIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((g) => g !== '');
    return `${groups.slice(0, 3).join(':')}:*`;
  }
  return null;
}
