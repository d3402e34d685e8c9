/**
 * The API under load as deploy/compose.yaml runs it: `processes` replicas, each a process with its own pool
 * (node:cluster shares one port among them, handing connections out in turn, as nginx does between api-1 and
 * api-2). The bench process keeps an API of its own only for the one request per call whose statements it
 * records and explains.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';

export interface ReplicaSettings {
  url: string;
  /** The API's port; the bare GET baseline listens on the next one. */
  port: number;
  poolSize: number;
  captchaAnswer: string;
  sandboxSecret: string;
}

export async function startApiCluster(processes: number, settings: ReplicaSettings) {
  cluster.setupPrimary({
    // The replicas run with this process's Node flags (`--import tsx`; `--cpu-prof` to profile them).
    exec: fileURLToPath(new URL('./api-replica.ts', import.meta.url)),
  });
  const replicas = Array.from({ length: processes }, () =>
    cluster.fork({ GP_BENCH_REPLICA: JSON.stringify(settings) }),
  );
  await Promise.all(
    replicas.map(
      (replica) =>
        new Promise<void>((resolve, reject) => {
          replica.once('message', (message) =>
            message === 'ready' ? resolve() : reject(new Error(`API replica: ${String(message)}`)),
          );
          replica.once('exit', (code) =>
            reject(new Error(`an API replica exited (${code}) before it listened`)),
          );
        }),
    ),
  );
  return {
    close: () =>
      Promise.all(
        replicas.map(
          (replica) =>
            new Promise<void>((resolve) => {
              if (replica.isDead()) return resolve();
              replica.once('exit', () => resolve());
              // Asked to close itself rather than disconnected: node:cluster's disconnect closes the shared
              // listener and waits for every open connection, so keep-alive sockets of the bench's own
              // requests held it up to Fastify's keepAliveTimeout (72 s); Fastify's close ends idle ones.
              replica.send('close');
            }),
        ),
      ),
  };
}
