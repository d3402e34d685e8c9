/**
 * TRUSTED_PROXIES: which hops in front of the API may say who the client is. A request's client address is
 * the rightmost address in `socket peer <- X-Forwarded-For` that is not a trusted proxy (proxy-addr, which
 * Fastify uses), so a client can write anything to the left of the real entries and it is never read, and a
 * proxy named here never stands for the players behind it.
 *
 * - `none`: no proxy in front; X-Forwarded-For is ignored and the socket's peer is the client.
 * - a comma list of addresses and CIDRs, IPv4 or IPv6 (`127.0.0.1`, `10.0.0.0/8`, `fd00::/8`), or proxy-addr's
 *   named ranges `loopback`, `linklocal`, `uniquelocal`: those peers' X-Forwarded-For entries are believed.
 *   A prefix of 0 (`0.0.0.0/0`, `::/0`) would trust every hop and is refused.
 * - `hops:N`: the last N hops are proxies, whoever they are. Only for an API no client can reach except through
 *   those N proxies (a direct client could then add N entries of its own); prefer the list.
 */
import { isIP } from 'node:net';

export type TrustedProxies =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; entries: readonly string[] };

export const noProxy: TrustedProxies = { kind: 'none' };

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const maxHops = 10;

/** Why one entry is not an address, a CIDR or a named range; undefined when it is one. */
function entryProblem(entry: string): string | undefined {
  if (entry === '') return 'an empty entry (two commas in a row, or a comma at an end)';
  if (namedRanges.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || address.includes('%') || rest.length > 0)
    return `"${entry}" is not an IP address or CIDR (e.g. 10.0.0.5, 10.0.0.0/8, fd00::/8)`;
  if (prefix === undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max)
    return `"${entry}": the prefix length must be a number from 1 to ${max}`;
  if (Number(prefix) === 0) return `"${entry}" trusts every address, which lets any client choose its own`;
  return undefined;
}

/** The parsed setting, or what is wrong with it (naming the bad entry). */
export function parseTrustedProxies(raw: string): TrustedProxies | { problem: string } {
  const value = raw.trim();
  if (value.toLowerCase() === 'none') return noProxy;
  const hops = /^hops:(.*)$/i.exec(value);
  if (hops) {
    const n = hops[1]?.trim() ?? '';
    if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > maxHops)
      return { problem: `"${value}": the hop count must be a whole number from 1 to ${maxHops}` };
    return { kind: 'hops', hops: Number(n) };
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (entry.toLowerCase() === 'none' || /^hops:/i.test(entry))
      return { problem: `"${entry}" stands alone: none, hops:N, or a list of addresses and CIDRs` };
    const problem = entryProblem(entry);
    if (problem) return { problem };
  }
  return { kind: 'list', entries };
}

/** Fastify's `trustProxy` for the setting. */
export function fastifyTrustProxy(
  trusted: TrustedProxies,
): false | string[] | ((address: string, hop: number) => boolean) {
  switch (trusted.kind) {
    case 'none':
      return false;
    case 'list':
      return [...trusted.entries];
    case 'hops':
      // A function, not the number: Fastify 5 reads a numeric trustProxy as "trust nobody". Hop 0 is the socket's
      // peer, so hops:1 believes the last X-Forwarded-For entry the nearest proxy appended, and nothing left of it.
      return (_address, hop) => hop < trusted.hops;
  }
}
