import { describe, expect, it } from 'vitest';
import { hostsFromAppEnv, socialLoginFromAppEnv } from './app-env.ts';
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

describe('socialLoginFromAppEnv', () => {
  it('offers Apple, Facebook (local test servers) and Demo ID in a local build', () => {
    expect(socialLoginFromAppEnv({})).toEqual(['apple', 'facebook', 'demo']);
  });

  it('keeps the order given, trimmed, without repeats or empty items', () => {
    expect(socialLoginFromAppEnv({ VITE_SOCIAL_LOGIN: ' google, Apple,,google ,facebook' })).toEqual([
      'google',
      'apple',
      'facebook',
    ]);
  });

  it('offers none when set empty', () => {
    expect(socialLoginFromAppEnv({ VITE_SOCIAL_LOGIN: '' })).toEqual([]);
    expect(socialLoginFromAppEnv({ VITE_SOCIAL_LOGIN: ' , ' })).toEqual([]);
  });

  it('refuses an unknown provider, naming the variable, the key and the known ones', () => {
    expect(() => socialLoginFromAppEnv({ VITE_SOCIAL_LOGIN: 'google,twitter' })).toThrow(
      /VITE_SOCIAL_LOGIN: unknown provider twitter \(known: apple, google, facebook, demo\)/,
    );
  });

  it('a bad provider list stops the hosts too: the environment is checked as a whole', () => {
    expect(() => hostsFromAppEnv({ VITE_SOCIAL_LOGIN: 'line' })).toThrow(/VITE_SOCIAL_LOGIN/);
  });
});
