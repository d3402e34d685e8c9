/**
 * The development-only parts of the API: the dev mailbox and the game-server simulator's console (`/dev/*`)
 * and the sandbox payment provider's checkout (`/pay/sandbox/*`).
 *
 * In production none of them exists: the environment refuses what would turn them on (`parseEnv`), and buildApp
 * refuses an environment that turns one on anyway (`refuseDevelopmentPartsInProduction`), so their routes are
 * never registered and answer 404.
 *
 * In development they answer loopback clients only, whatever HOST the API listens on: a developer may bind the
 * API to the LAN to try the H5 pages on a phone, and the players' pages keep working there, but the mailbox (which
 * shows sign-in codes and reset links) and the sandbox (which pays without money) stay on the developer's machine.
 * A request relayed by a proxy counts as loopback only when every address it names is loopback too, and the
 * host it asks for must be a loopback name (`localhost`, `127.0.0.1`, `[::1]`), so a web page whose own name was
 * pointed at 127.0.0.1 (DNS rebinding) cannot read the mailbox from the developer's browser either.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { developmentPartsOn, type Env } from '../config/env.ts';
import { everyAddressNamed } from './client-address.ts';

/** Route patterns of the development-only pages and calls. */
const developmentRoutes = /^\/(dev|pay\/sandbox)\//;

export function refuseDevelopmentPartsInProduction(env: Env): void {
  if (env.NODE_ENV !== 'production') return;
  const on = developmentPartsOn(env);
  if (on.length > 0) throw new Error(`refused in production: ${on.join(', ')}`);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.trim().replace(/^::ffff:/i, '');
  return ip === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip);
}

/** A Host header naming this machine. */
function loopbackName(host: string | undefined): boolean {
  const name = (host ?? '')
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || isLoopback(name);
}

/** The socket's peer and every address a proxy put in front of it, asking for this machine by name. */
function fromLoopback(request: FastifyRequest): boolean {
  return loopbackName(request.headers.host) && everyAddressNamed(request).every(isLoopback);
}

/** Development: the development-only routes answer 403 to anyone not on this machine. */
export function developmentRoutesOnLoopback(app: FastifyInstance): void {
  if (app.env.NODE_ENV === 'production') return;
  app.addHook('onRequest', async (request, reply) => {
    // The matched route's pattern, not the raw URL, so an encoded path cannot slip past.
    const route = request.routeOptions.url ?? '';
    if (!developmentRoutes.test(route) || fromLoopback(request)) return;
    return reply
      .status(403)
      .type('text/plain; charset=utf-8')
      .send('Development tools answer on this machine only (a loopback address).');
  });
}
