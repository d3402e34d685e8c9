import { lookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent } from 'undici';
import {
  egressRefused,
  hostListed,
  hostOfUrl,
  isPublicAddress,
  type GameServerEgress,
} from '../../../config/game-server-hosts.ts';

function refusal(host: string): Error {
  return Object.assign(new Error(`${host} is not a public address and not on GAME_SERVER_HOSTS`), {
    code: egressRefused,
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The fetch every call to a game server goes through. In production a host off GAME_SERVER_HOSTS is connected to
 * only at the public addresses its name resolves to: the check sits in the connection's own DNS answer, so the
 * address checked is the address connected to (a name re-pointed between a check and the request gains nothing).
 * Elsewhere (development, tests: the simulator on 127.0.0.1) the plain fetch.
 */
export function gameServerFetch(egress: GameServerEgress): typeof fetch {
  if (!egress.production) return globalThis.fetch;
  const agent = new Agent({
    connect: {
      lookup: (host: string, options: object, callback: LookupCallback) => {
        lookup(host, { ...options, all: true }, (error, addresses) => {
          if (error) return callback(error, []);
          if (!hostListed(host, egress.hosts) && addresses.some((a) => !isPublicAddress(a.address)))
            return callback(refusal(host), []);
          if ((options as { all?: boolean }).all) return callback(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      },
    },
  });
  return (input, init) => {
    // An address in the URL is connected to without a look-up: checked here.
    const url = new URL(input instanceof Request ? input.url : String(input));
    const host = hostOfUrl(url);
    if (isIP(host) !== 0 && !hostListed(host, egress.hosts) && !isPublicAddress(host))
      return Promise.reject(new TypeError('fetch failed', { cause: refusal(host) }));
    // Node's fetch is undici: its `dispatcher` (not in the DOM's RequestInit) picks the connection pool.
    return fetch(input, { ...init, dispatcher: agent } as RequestInit);
  };
}
