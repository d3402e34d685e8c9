/**
 * The four apps built as a publisher builds them (deploy/Dockerfile's build arguments): the API and app origins of
 * this deployment compiled in, no development social login, into `<outDir>/<app>/dist` (the layout nginx's
 * APPS_DIR serves), leaving the repository's own builds alone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { appNames, hosts, repoRoot } from './stack.ts';

/** The build arguments of deploy/Dockerfile for the hosts of `gp.localtest` on nginx's https port. */
export function buildArguments(httpsPort: number): Record<string, string> {
  const origin = (host: string) => `https://${host}:${httpsPort}`;
  return {
    VITE_API_URLS: origin(hosts.api),
    VITE_PORTAL_ORIGIN: origin(hosts.portal),
    VITE_PASSPORT_ORIGIN: origin(hosts.passport),
    VITE_PAY_ORIGIN: origin(hosts.pay),
    VITE_CS_ADMIN_ORIGIN: origin(hosts['cs-admin']),
    VITE_SOCIAL_LOGIN: '',
  };
}

/**
 * Builds every app for `httpsPort` into `outDir`. With `reuse` (GP_PRODUCTION_APPS: a developer's second run), builds
 * already there made with the same arguments are kept; CI always builds from the code it tests.
 */
export function buildApps(outDir: string, httpsPort: number, options: { reuse: boolean }): void {
  const args = buildArguments(httpsPort);
  const stamp = join(outDir, 'build-arguments.json');
  const wanted = JSON.stringify(args);
  const built = appNames.every(
    (a) =>
      existsSync(join(outDir, a, 'dist/.vite/content-security-policy.txt')) &&
      existsSync(join(repoRoot, 'apps', a, 'src/entry-server.tsx')) ===
        existsSync(join(outDir, a, 'dist/server/entry-server.js')),
  );
  if (options.reuse && built && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  const vite = (app: string, extra: string[]) => {
    const result = spawnSync('pnpm', ['exec', 'vite', 'build', '--configLoader', 'runner', ...extra], {
      cwd: join(repoRoot, 'apps', app),
      env: { ...process.env, ...args, NODE_ENV: 'production' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (result.status !== 0)
      throw new Error(`building ${app} for production failed:\n${result.stdout}\n${result.stderr}`);
  };
  for (const app of appNames) {
    vite(app, ['--outDir', join(outDir, app, 'dist'), '--emptyOutDir']);
    // The player apps' server build, as their `build` script makes it: the API processes render the first screens
    // with it (deploy/README.md "Pages").
    if (existsSync(join(repoRoot, 'apps', app, 'src/entry-server.tsx')))
      vite(app, ['--ssr', 'src/entry-server.tsx', '--outDir', join(outDir, app, 'dist/server')]);
  }
  writeFileSync(stamp, wanted);
}
