/**
 * The built server as an operator runs it: `node dist/server.js`, plain JavaScript with no tsx. Bundled here
 * into a throwaway folder inside the package, under `node_modules/.cache` where no linter, formatter or git
 * looks and no `pnpm build` empties it (the bundle finds the migrations from its package folder and its npm
 * packages in the package's node_modules, as `dist/` does), then started twice: bare, which is production and
 * must refuse with the full list of missing settings, and as a development start on a fresh PGlite directory,
 * which must answer /healthz. It holds none of the development stand-ins of src/dev/ (the build refuses to
 * make one that does).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredInProduction } from '../src/config/env.ts';
import { bundleApi, developmentFilesIn, packageNameOf } from './bundle.ts';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));
/** Only what any process has: no NODE_ENV, no settings. */
const bare = { PATH: process.env.PATH ?? '' };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('packageNameOf', () => {
  it('takes the package out of a module specifier', () => {
    expect(packageNameOf('drizzle-orm/pglite/migrator')).toBe('drizzle-orm');
    expect(packageNameOf('@fastify/cookie')).toBe('@fastify/cookie');
    expect(packageNameOf('@electric-sql/pglite/dist/x.js')).toBe('@electric-sql/pglite');
  });
});

describe('the development stand-ins', () => {
  it('are found among the inputs of a bundle by their folder', () => {
    expect(
      developmentFilesIn({
        'src/app.ts': {},
        'src/dev/sandbox/sandbox-provider.ts': {},
        'src/modules/pay/pay-stand-ins.ts': {},
        'src/dev/development-parts.ts': {},
      }),
    ).toEqual(['src/dev/development-parts.ts', 'src/dev/sandbox/sandbox-provider.ts']);
  });

  it('stop a build whose entry point reaches them', async () => {
    const outdir = mkdtempSync(join(tmpdir(), 'gp-bundle-dev-'));
    try {
      await expect(bundleApi(outdir, { server: 'src/dev/dev-server.ts' })).rejects.toThrow(
        /reaches the development stand-ins.*src\/dev\/development-parts\.ts/,
      );
      expect(existsSync(join(outdir, 'server.js'))).toBe(false);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the API bundle', () => {
  let outdir: string;
  let loaded: string[];
  let dataDir: string;

  beforeAll(async () => {
    const cache = join(apiRoot, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    outdir = mkdtempSync(join(cache, 'gp-bundle-test-'));
    dataDir = mkdtempSync(join(tmpdir(), 'gp-bundle-data-'));
    loaded = await bundleApi(outdir);
  }, 60_000);

  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is plain JavaScript with the workspace packages inside and npm packages outside', () => {
    expect(existsSync(join(outdir, 'server.js'))).toBe(true);
    expect(existsSync(join(outdir, 'worker.js'))).toBe(true);
    expect(existsSync(join(outdir, 'admin.js'))).toBe(true);
    const code = readFileSync(join(outdir, 'server.js'), 'utf8');
    expect(code).not.toMatch(/from ["']@gp\//);
    expect(code).not.toMatch(/from ["']tsx/);
    expect(loaded).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'zod']));
    expect(loaded.filter((name) => name.startsWith('@gp/'))).toEqual([]);
  });

  it('refuses a bare start (production) with every missing setting, and exits non-zero', () => {
    for (const [entry, ...args] of [['server.js'], ['worker.js'], ['admin.js', 'first-admin']]) {
      const run = spawnSync(process.execPath, [join(outdir, entry!), ...args], {
        env: bare,
        encoding: 'utf8',
        // Generous: a busy machine (CI runs three suites and a browser at once) starts Node slowly.
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(1);
      const named = [...run.stderr.matchAll(/^ {2}([A-Z_]+): /gm)].map((m) => m[1]);
      expect(named.sort()).toEqual(
        [...Object.keys(requiredInProduction), 'MAIL_TRANSPORT', 'SMS_TRANSPORT'].sort(),
      );
      expect(run.stderr).not.toMatch(/ at .*\.js:\d+/); // a list for the operator, not a stack trace
    }
  }, 200_000);

  it("names the operator's commands", () => {
    const run = spawnSync(process.execPath, [join(outdir, 'admin.js')], {
      env: bare,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^Usage: node apps\/api\/dist\/admin.js first-admin/);
  }, 70_000);

  it('serves /healthz as a development start on a fresh PGlite directory', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(outdir, 'server.js')], {
      env: {
        ...bare,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        API_PORT: String(port),
        SEED_DEMO: 'false',
        DEMO_ID: 'false',
        // The production entry has no stand-ins: a development start of it names none.
        PAY_PROVIDER: 'none',
        GAME_SIM: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await expect
        .poll(() => output, { timeout: 45_000, interval: 200 })
        .toContain('Game portal is running on PGlite');
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        code: 0,
        data: { status: 'up', database: { driver: 'pglite' } },
      });
      // The migrations were found beside the bundle's package, not beside the sources.
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 60_000);
});
