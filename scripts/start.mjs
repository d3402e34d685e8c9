#!/usr/bin/env node
// `pnpm start`: build what is stale (turbo skips what is cached), then run ONE process that serves the API and
// the four built apps on their ports, on the embedded database with demo data unless DATABASE_URL says otherwise.
// It is a development start and says so (NODE_ENV=development): without it the API is production and refuses to
// start without production settings. `pnpm start:prod` runs the built server as an operator does.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);

if (process.env.GP_SKIP_BUILD !== '1') {
  const build = spawnSync('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only'], {
    stdio: 'inherit',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// After the build: the apps are built for production whatever this start is.
process.env.NODE_ENV = 'development';
process.env.SERVE_APPS ??= 'true';
// The login page's Apple and Facebook buttons, through the real protocols, against local test servers.
process.env.SOCIAL_TEST_SERVERS ??= 'true';
// The wallets Xendit carries (GCash, Maya, MoMo, ZaloPay, DANA, TrueMoney, Touch 'n Go) through the real Xendit SDK
// against its local test server, so a newcomer sees the wallet's page a player would see; XENDIT_TEST_SERVER= (empty)
// leaves them with the sandbox.
process.env.XENDIT_TEST_SERVER ??= '8097';
if (process.env.XENDIT_TEST_SERVER === '') delete process.env.XENDIT_TEST_SERVER;
const { register } = await import('tsx/esm/api');
register();
await import('../apps/api/src/dev/dev-server.ts');
