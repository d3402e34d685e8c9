import { describe, expect, it } from 'vitest';
import { hostsFromAppEnv } from './app-env.ts';
import { localHosts } from './site.ts';

describe('hostsFromAppEnv', () => {
  it('defaults to the local layout', () => {
    expect(hostsFromAppEnv({})).toEqual(localHosts());
  });

  it('takes up to three API hosts and puts every group under each', () => {
    const hosts = hostsFromAppEnv({
      VITE_API_URLS: 'https://api1.example.com/, https://api2.example.com',
      VITE_PAY_ORIGIN: 'https://pay.example.com/x',
    });
    expect(hosts.api.cs).toEqual(['https://api1.example.com/cs', 'https://api2.example.com/cs']);
    expect(hosts.apps.pay).toBe('https://pay.example.com');
  });

  it('refuses a fourth host or a bad URL, naming the variable', () => {
    expect(() => hostsFromAppEnv({ VITE_API_URLS: 'http://a,http://b,http://c,http://d' })).toThrow(
      /VITE_API_URLS/,
    );
    expect(() => hostsFromAppEnv({ VITE_PORTAL_ORIGIN: 'not a url' })).toThrow(/VITE_PORTAL_ORIGIN/);
  });
});
