/**
 * The child processes of the smoke test: started with their output kept (in memory, to look for a line, and in a
 * log file of the test's temporary folder, to read after a failure), stopped by signal, and killed for sure when
 * the test process goes away, however it ends.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface Started {
  name: string;
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL if it is still there after `graceMs`; resolves when it has exited. */
  stop: (graceMs?: number) => Promise<number | string>;
}

const running = new Set<ChildProcess>();
// However the test process ends (a failed hook, Ctrl-C), nothing it started outlives it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function start(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; logDir: string },
): Started {
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const log = createWriteStream(join(options.logDir, `${name}.log`));
  let text = '';
  const keep = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    log.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      log.end();
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    }
    return exited;
  };
  return { name, child, output: () => text, exited, stop };
}

/** Polls `probe` until it answers true; fails naming `what` (and the process output, when given) after `ms`. */
export async function waitFor(
  what: string,
  probe: () => Promise<boolean> | boolean,
  options: { ms?: number; every?: number; process?: Started } = {},
): Promise<void> {
  const deadline = Date.now() + (options.ms ?? 60_000);
  for (;;) {
    if (options.process && options.process.child.exitCode !== null)
      throw new Error(`${options.process.name} exited while waiting for ${what}:\n${tail(options.process)}`);
    if (
      await Promise.resolve()
        .then(probe)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${options.process ? `:\n${tail(options.process)}` : ''}`);
    await new Promise((r) => setTimeout(r, options.every ?? 250));
  }
}

export const tail = (p: Started, lines = 40) => p.output().split('\n').slice(-lines).join('\n');

/** A TCP port free on loopback right now (the OS picks it; the e2e suite's fixed ports are never chosen). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end; throws with its output when it fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env: options.env ?? process.env });
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}${result.stderr}`,
    );
  return result.stdout;
}
