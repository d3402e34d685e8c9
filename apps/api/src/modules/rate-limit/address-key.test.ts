import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './address-key.ts';

describe('addressLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('gives two IPv6 addresses of one /64 the same key, whatever their spelling', () => {
    const key = addressLimitKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('2001:db8:aa:bb::/64');
    expect(addressLimitKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressLimitKey('2001:0DB8:00aa:00bb::1')).toBe(key);
    expect(addressLimitKey('2001:db8:aa:bb::')).toBe(key);
    expect(addressLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('gives addresses of different /64s different keys', () => {
    expect(addressLimitKey('2001:db8:aa:bb::1')).not.toBe(addressLimitKey('2001:db8:aa:bc::1'));
    expect(addressLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4 address mapped into IPv6 as that IPv4 address', () => {
    expect(addressLimitKey('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressLimitKey('::FFFF:c633:6404')).toBe('198.51.100.4');
    expect(addressLimitKey('0:0:0:0:0:ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('uses what is not an address as written', () => {
    expect(addressLimitKey('unknown')).toBe('unknown');
  });
});
