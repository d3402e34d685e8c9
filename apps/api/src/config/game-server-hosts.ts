import { BlockList, isIP } from 'node:net';

/**
 * Where the API may connect for a game server. Staff with the catalog privilege type a game server's URL in the
 * console and the API calls it ("Test connection", sync, delivery): without a rule, that is a request from inside
 * our network to any address they choose (SSRF). In production a game server's host must be on GAME_SERVER_HOSTS
 * when it is set; a host not on it (or any host, when it is unset) must be a public address, which is checked on
 * every connection (modules/pay/game-server/game-server.egress.ts), not once when the URL is saved, so a name
 * that later resolves inside our network is refused too. A studio reached over a private link is listed by its
 * host name or address.
 */

/** The cause code of a connection the rule refused (the console's check says `not_allowed`). */
export const egressRefused = 'EGRESS_REFUSED';

/** `game.studio.example`, `*.studio.example` (any subdomain, not the domain itself) or an address. */
export type HostPattern = string;

const hostPattern = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** A comma list of host patterns, or the problem with it. */
export function parseHostList(value: string): { hosts: HostPattern[] } | { problem: string } {
  const hosts = value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const wrong = hosts.filter((h) => !isIP(h) && !hostPattern.test(h));
  if (wrong.length > 0) return { problem: `not a host name, *.domain or address: ${wrong.join(', ')}` };
  return { hosts };
}

/** The URL's host as patterns name it: lower case, an IPv6 address without its brackets. */
export function hostOfUrl(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export function hostListed(host: string, hosts: readonly HostPattern[]): boolean {
  const h = host.toLowerCase();
  return hosts.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p));
}

// Loopback, private, shared (carrier NAT), link-local (cloud metadata at 169.254.169.254), documentation,
// benchmarking, multicast and reserved ranges: nothing a studio on the internet is reached at.
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(net, prefix, 'ipv6');

/** Whether an address is reachable on the public internet (an IPv4-mapped IPv6 address is its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1]! : address;
  const family = isIP(ip);
  if (family === 0) return false;
  return !notPublic.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export type GameServerEgress = {
  /** Production: https only, and hosts off the list must be public addresses. */
  production: boolean;
  /** GAME_SERVER_HOSTS: when not empty, the only hosts a game server may be at. */
  hosts: readonly HostPattern[];
};

export type GameServerUrlProblem = 'https_required' | 'host_not_allowed';

/**
 * The one rule for a game server's base URL, GAME_SERVERS and the console's connections alike: https in production
 * (the protocol signs, TLS keeps its content private), http too elsewhere; a listed host when there is a list;
 * in production no address outside the public internet unless listed (a name is checked when connecting).
 */
export function gameServerUrlProblem(
  value: string,
  egress: GameServerEgress,
): GameServerUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'https_required';
  }
  if (!(url.protocol === 'https:' || (!egress.production && url.protocol === 'http:')))
    return 'https_required';
  const host = hostOfUrl(url);
  if (egress.hosts.length > 0) return hostListed(host, egress.hosts) ? undefined : 'host_not_allowed';
  if (egress.production && isIP(host) !== 0 && !isPublicAddress(host)) return 'host_not_allowed';
  return undefined;
}
