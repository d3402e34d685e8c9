/**
 * The metrics endpoint of a process: Prometheus text at `http://<host>:<port>/metrics` on a small server of its
 * own, never on the API port, so the public proxy (which routes to the API port only) cannot expose it. Every
 * process serves its own registry (the API: metrics.ts plus its HTTP counters; the worker: pool and operational
 * gauges), and the server adds the process metrics (CPU, memory, event loop lag, GC) once per process.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { Env } from '../config/env.ts';
import type { MetricsLog } from './metrics.ts';

export interface MetricsServer {
  /** `http://host:port/metrics` as it listens (the port chosen when asked for 0). */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  log: MetricsLog & { info(obj: object, msg: string): void };
}): Promise<MetricsServer> {
  const { registry, log } = options;
  collectDefaultMetrics({ register: registry });
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
      },
    );
  });
  // Requests come from a scraper every few seconds; a slow or idle client must not hold sockets forever.
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}/metrics`;
  log.info({ url }, 'metrics served');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The metrics server a process's settings ask for (`METRICS_HOST`, `METRICS_PORT`; 0: none). */
export async function serveMetrics(
  env: Pick<Env, 'METRICS_HOST' | 'METRICS_PORT'>,
  registry: Registry,
  log: Parameters<typeof startMetricsServer>[0]['log'],
): Promise<MetricsServer | undefined> {
  if (!env.METRICS_PORT) return undefined;
  return startMetricsServer({ registry, host: env.METRICS_HOST, port: env.METRICS_PORT, log });
}
