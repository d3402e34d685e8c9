import { describe, expect, it } from 'vitest';
import { deviceLabel, maskIp, summarizeUserAgent } from './user-agent.ts';

const agents = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  samsungAndroid:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2203) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.49',
};

describe('summarizeUserAgent', () => {
  it.each([
    ['chromeWindows', 'Chrome', 'Windows', false],
    ['edgeWindows', 'Edge', 'Windows', false],
    ['safariIphone', 'Safari', 'iOS', true],
    ['chromeIphone', 'Chrome', 'iOS', true],
    ['samsungAndroid', 'Samsung Internet', 'Android', true],
    ['firefoxMac', 'Firefox', 'macOS', false],
    ['safariMac', 'Safari', 'macOS', false],
    ['wechatAndroid', 'WeChat', 'Android', true],
  ] as const)('%s', (name, browser, os, mobile) => {
    expect(summarizeUserAgent(agents[name])).toEqual({ browser, os, mobile });
  });

  it('says nothing it does not know', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null, mobile: false });
    expect(summarizeUserAgent(undefined)).toEqual({ browser: null, os: null, mobile: false });
    expect(deviceLabel('curl/8.5.0')).toBe('?, ?');
    expect(deviceLabel(agents.edgeWindows)).toBe('Edge, Windows');
  });
});

describe('maskIp', () => {
  it('keeps the network, not the subscriber', () => {
    expect(maskIp('203.0.113.77')).toBe('203.0.*.*');
    expect(maskIp('::ffff:198.51.100.9')).toBe('198.51.*.*');
    expect(maskIp('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:*');
    expect(maskIp(null)).toBeNull();
    expect(maskIp('not an address')).toBeNull();
  });
});
