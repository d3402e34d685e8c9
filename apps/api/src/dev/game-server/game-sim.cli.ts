/**
 * The built-in game server as a process of its own, a studio's server in miniature: the production-shaped journey
 * (`pnpm test:production`) connects a game to it from the console and reaches it only over the game-server
 * protocol, with TLS. Its state (deliveries, reversals) lives in an in-memory database of its own, gone when it
 * stops. Every game it is asked about runs the same servers.
 *
 *   GAME_SIM_PORT=<port> GAME_SIM_KEYS=<key id>:<secret>[,...] GAME_SIM_SERVERS=<id>[,...]
 *   [GAME_SIM_TLS_KEY=<pem file> GAME_SIM_TLS_CERT=<pem file>] node --import tsx src/dev/game-server/game-sim.cli.ts
 *
 * Prints `game server listening on <url>` once it answers. Development and tests only.
 */
import { readFileSync } from 'node:fs';
import { systemClock } from '../../config/clock.ts';
import { openDatabase } from '../../db/database.ts';
import { createGameSimProtocolServer } from './game-sim-protocol.server.ts';

function fail(message: string): never {
  process.stderr.write(`game-sim: ${message}\n`);
  process.exit(2);
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

const port = Number(process.env.GAME_SIM_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65_535) fail('GAME_SIM_PORT: a port');
const keys = Object.fromEntries(
  list(process.env.GAME_SIM_KEYS).map((pair) => {
    const at = pair.indexOf(':');
    if (at < 1 || at === pair.length - 1) fail('GAME_SIM_KEYS: <key id>:<secret>[,...]');
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
if (Object.keys(keys).length === 0) fail('GAME_SIM_KEYS: at least one <key id>:<secret>');
const servers = list(process.env.GAME_SIM_SERVERS);
if (servers.length === 0) fail('GAME_SIM_SERVERS: at least one server id');
const { GAME_SIM_TLS_KEY: keyFile, GAME_SIM_TLS_CERT: certFile } = process.env;
if (Boolean(keyFile) !== Boolean(certFile)) fail('GAME_SIM_TLS_KEY and GAME_SIM_TLS_CERT go together');

const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const server = createGameSimProtocolServer({
  db: database.db,
  keys,
  now: systemClock,
  port,
  servers,
  ...(keyFile && certFile
    ? { https: { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') } }
    : {}),
});
const url = await server.url();
process.stdout.write(`game server listening on ${url}\n`);

const stop = async () => {
  await server.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
