/**
 * The key every per-address limit counts a client under (rate limits, sign-up caps, code and SMS caps, the login
 * slowdown, order lookups). IPv4 is the address itself. IPv6 is its /64: a provider gives one subscriber (a
 * phone, a home) a whole /64, so counting /128s would let anyone rotate through 2^64 addresses of their own and
 * never meet a limit. An IPv4 address seen over IPv6 (`::ffff:1.2.3.4`, also written `::ffff:102:304`) is that
 * IPv4 address, whatever its spelling. Anything that is not an address (a test's name) is used as written.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (compressed `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /^(.*:)(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<number>(halves.length === 1 ? 0 : missing).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

export function addressLimitKey(address: string): string {
  // A zone (`fe80::1%eth0`) names the machine's interface, not the client.
  const text = address.trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi, lo] = [groups[6]!, groups[7]!];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
