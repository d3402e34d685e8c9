/**
 * `pnpm game-server:check [<base-url> --key-id <id> --secret <secret>] [--game <game_base_id>] [--mid <mid>]`:
 * the conformance kit (game-server-check.ts) against a studio's implementation of the game-server protocol.
 * Without a base URL it checks the built-in simulator of a running `pnpm start` (http://127.0.0.1:8095, key id
 * `sim`, GAME_SIM_SECRET or its development default, the first demo game). Prints PASS / FAIL per check; exit
 * code 1 when any fails, 2 on wrong arguments.
 */
import { parseArgs } from 'node:util';
import { localPorts } from '@gp/config';
import { gameSimDevelopmentSecret } from '../../../../config/env.ts';
import { runGameServerChecks } from './game-server-check.ts';

const usage =
  'usage: pnpm game-server:check [<base-url> --key-id <id> --secret <secret>] [--game <game_base_id>] [--mid <mid>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'key-id': { type: 'string' },
    secret: { type: 'string' },
    game: { type: 'string', default: '1' },
    mid: { type: 'string', default: '424242' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (positionals.length > 1) fail('one base URL at most');
const builtIn = positionals.length === 0;
const baseUrl = positionals[0] ?? `http://127.0.0.1:${process.env.GAME_SIM_PORT || localPorts.gameSim}`;
const keyId = values['key-id'] ?? (builtIn ? 'sim' : undefined);
const secret =
  values.secret ?? (builtIn ? process.env.GAME_SIM_SECRET || gameSimDevelopmentSecret : undefined);
if (!keyId || !secret) fail('--key-id and --secret are required with a base URL');
const game = Number(values.game);
const mid = Number(values.mid);
if (!Number.isInteger(game) || game <= 0 || !Number.isInteger(mid) || mid <= 0)
  fail('--game and --mid are positive integers');

process.stdout.write(
  `game-server protocol v1 checks against ${baseUrl} (key id ${keyId}, game ${game}, member ${mid})\n`,
);
let results;
try {
  results = await runGameServerChecks({ baseUrl, keyId, secret, game, mid });
} catch (error) {
  process.stderr.write(
    `could not run the checks: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
for (const r of results)
  process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}${r.detail ? `  (${r.detail})` : ''}\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
