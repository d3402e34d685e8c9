import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustedProxies } from './trusted-proxies.ts';

describe('parseTrustedProxies', () => {
  it('reads none, a hop count, and lists of IPv4 / IPv6 addresses and CIDRs', () => {
    expect(parseTrustedProxies('none')).toEqual({ kind: 'none' });
    expect(parseTrustedProxies(' NONE ')).toEqual({ kind: 'none' });
    expect(parseTrustedProxies('hops:2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustedProxies('127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8,loopback')).toEqual({
      kind: 'list',
      entries: ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8', 'loopback'],
    });
  });

  it('names the bad entry', () => {
    const problem = (raw: string) => {
      const parsed = parseTrustedProxies(raw);
      return 'problem' in parsed ? parsed.problem : undefined;
    };
    expect(problem('127.0.0.1,10.0.0.300')).toMatch(/"10\.0\.0\.300" is not an IP address or CIDR/);
    expect(problem('proxy.example.com')).toMatch(/"proxy\.example\.com" is not an IP address/);
    expect(problem('10.0.0.0/33')).toMatch(
      /"10\.0\.0\.0\/33": the prefix length must be a number from 1 to 32/,
    );
    expect(problem('fd00::/129')).toMatch(/from 1 to 128/);
    expect(problem('10.0.0.1,,10.0.0.2')).toMatch(/empty entry/);
    expect(problem('hops:0')).toMatch(/"hops:0": the hop count must be a whole number from 1 to 10/);
    expect(problem('hops:two')).toMatch(/hop count/);
    expect(problem('10.0.0.1,none')).toMatch(/"none" stands alone/);
    expect(problem('true')).toMatch(/"true" is not an IP address/);
  });

  it('refuses to trust every hop', () => {
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0']) {
      expect(parseTrustedProxies(everyone)).toEqual({
        problem: expect.stringMatching(/trusts every address/),
      });
    }
  });
});

describe('fastifyTrustProxy', () => {
  it('trusts nobody for none, the listed peers for a list, the last N hops for hops:N', () => {
    expect(fastifyTrustProxy({ kind: 'none' })).toBe(false);
    expect(fastifyTrustProxy({ kind: 'list', entries: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    const hops = fastifyTrustProxy({ kind: 'hops', hops: 2 });
    expect(typeof hops).toBe('function');
    if (typeof hops !== 'function') return;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
  });
});
