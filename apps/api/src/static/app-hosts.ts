/**
 * Serves the four built player/staff apps from this process, each on its own port as production serves each
 * on its own host. Unknown paths get the app's index.html (client-side routes); hashed assets are cached for a
 * year, index.html never, so a new build shows up on the next visit. Text files go out brotli- or gzip-compressed
 * as the browser accepts, from the `.br` / `.gz` files the player builds write beside them (issue 10: phones on
 * slow networks), so nothing is compressed per request; without such a file the plain one is sent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Env } from '../config/env.ts';

const appsRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface AppHost {
  name: 'portal' | 'passport' | 'pay' | 'cs-admin';
  port: number;
}

export function appHostsOf(env: Env): AppHost[] {
  return [
    { name: 'portal', port: env.PORTAL_PORT },
    { name: 'passport', port: env.PASSPORT_PORT },
    { name: 'pay', port: env.PAY_PORT },
    { name: 'cs-admin', port: env.CS_ADMIN_PORT },
  ];
}

export function distDirOf(name: AppHost['name']): string {
  return join(appsRoot, name, 'dist');
}

export async function buildAppHost(
  name: AppHost['name'],
  logger: FastifyInstance['log'],
  root = distDirOf(name),
): Promise<FastifyInstance> {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`${name} is not built: ${root}/index.html is missing (run pnpm build)`);
  }
  const host = Fastify({
    loggerInstance: logger.child({ app: name }),
    routerOptions: { ignoreTrailingSlash: true },
  });
  await host.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      const hashed = /[/\\]assets[/\\]/.test(path);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  host.setNotFoundHandler((request, reply) => {
    // A missing asset is a real 404; any other path is a client-side route.
    if (request.method !== 'GET' || /^\/assets\//.test(request.url)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .type('text/html')
      .sendFile('index.html');
  });
  return host;
}
