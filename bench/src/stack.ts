/**
 * The process `pnpm start` runs (API on 8090, the built apps on 8080-8083), started for the browser part of the
 * bench on a fresh embedded database with demo data, and stopped after it. The apps' builds point at those ports,
 * so the bench refuses to start while anything else listens there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './pages.ts';

export const stackPorts = [8080, 8081, 8082, 8083, 8090, 8094];

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Stack {
  stop(): Promise<void>;
}

export async function startStack(log: (line: string) => void = () => {}): Promise<Stack> {
  const busy: number[] = [];
  for (const port of stackPorts) if (await listening(port)) busy.push(port);
  if (busy.length) {
    throw new Error(
      `ports ${busy.join(', ')} are in use (pnpm start or the e2e suite?); stop it and run again`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'gp-bench-stack-'));
  log('starting the apps and the API (pnpm start, fresh demo database)');
  // Always the embedded database, as `pnpm start` runs by default: page loads and Lighthouse measure the same
  // thing whether or not this run also loads the API on PostgreSQL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      GP_SKIP_BUILD: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Lighthouse and the page loads come from one address; the per-minute cap would answer 429 part-way.
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error('the server stopped while starting');
    }
    const ready = (await Promise.all([8090, 8080, 8081, 8082].map(listening))).every(Boolean);
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start within 180 s');
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { stop };
}
