/**
 * The client's address, the one every limit, lockout, session and audit record uses: resolved by Fastify from the
 * socket's peer and the X-Forwarded-For entries of the proxies TRUSTED_PROXIES names (config/trusted-proxies.ts).
 * Nothing else in the API reads X-Forwarded-For or the socket to find out who the client is.
 */
import type { FastifyRequest } from 'fastify';

/** One spelling per address: an IPv4 client reached over a dual-stack socket (`::ffff:1.2.3.4`) is `1.2.3.4`. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** The client's address as TRUSTED_PROXIES resolves it. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeAddress(request.ip);
}

/**
 * Every address the request names: the socket's peer and each X-Forwarded-For entry, trusted or not. Only for a
 * refusal that must hold whatever a proxy relays (the development tools answer when all of them are this
 * machine); never to say who the client is.
 */
export function everyAddressNamed(request: FastifyRequest): string[] {
  const forwarded = request.headers['x-forwarded-for'];
  const relayed = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  return [request.raw.socket.remoteAddress ?? '', ...relayed];
}
