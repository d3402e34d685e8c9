/**
 * Each game's game-server connection: where the HTTP adapter finds a game's server (GAME_SERVERS first, an
 * operator's override; else the connection staff saved in the console; else, in development, the built-in game
 * server), staff's reads and writes of the saved connections, "Test connection", the server sync and the daily
 * job that syncs and checks every connected game.
 *
 * The saved connection is read per call through `remember` (the public cache's memo: at most its TTL old, and
 * forgotten by every staff write, in every process), so a save takes effect everywhere without a restart.
 * Secrets are sealed with the staff module's `SealedSecretBox` (bound to the game) and never answered.
 */
import type {
  GameServerDetail,
  GameServerSyncResult,
  GameServerTestResult,
} from '@gp/contracts/game-server-admin';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { gameServerUrlProblem, type GameServerEgress } from '../../../config/game-server-hosts.ts';
import { inTransaction, type Db, type Exclusive } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { PollingWorker, type WorkerLog } from '../../../jobs/polling-worker.ts';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import { audit, SealedSecretBox, type AuthenticatedStaff } from '../../staff/index.ts';
import type { Remember } from '../catalog/remembered-catalog.repository.ts';
import {
  GameServerConnectionRepository,
  type GameServerConnectionRow,
  type GameServerHealthRow,
} from './game-server-connection.repository.ts';
import type { GameServerEndpoint } from './game-server.http-adapter.ts';
import { gameServerSecretPurpose } from './game-server-secret.ts';
import { runReadOnlyChecks, type ReadCheckTarget } from './protocol/game-server-read-checks.ts';

export const gameServerJobPolicy = {
  /** How often the job looks for due games. */
  pollMs: 10 * 60_000,
  /** A healthy game is synced and checked once a day. */
  dailyMs: 24 * 3600_000,
  /** A game players cannot top up (failed, all in maintenance) is tried again this soon. */
  retryMs: 10 * 60_000,
} as const;

export interface GameServerConnectionDeps {
  db: Db;
  /** STAFF_TOTP_KEY: the key the staff's authenticator secrets are sealed under. */
  sealKey: string;
  /** GAME_SERVERS and GAME_SERVER_KEYS. */
  overrides: Readonly<Record<string, { url: string; key_id: string }>>;
  overrideKeys: Readonly<Record<string, string>>;
  /** The built-in game server (development and tests, GAME_SIM). */
  simulator?: (() => Promise<GameServerEndpoint>) | undefined;
  /** Where game servers may be (production: https; GAME_SERVER_HOSTS). */
  egress: GameServerEgress;
  /** The egress-checked fetch every call goes through (game-server.egress.ts). */
  fetch: typeof fetch;
  remember: Remember;
  now: Clock;
  timeoutMs: number;
  log: WorkerLog;
  exclusive?: Exclusive;
  /** A background sync or check changed what players are offered: forget the public answers everywhere. */
  forgetPublic: () => Promise<void>;
}

type Source = GameServerDetail['source'];

const bit = (on: boolean) => (on ? (1 as const) : (0 as const));
const bitOrNull = (on: boolean | null) => (on === null ? null : bit(on));
const notFound = () => new AppError(codes.notFound);
const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);
type CheckCode = GameServerSyncResult['failed'];

export class GameServerConnectionService {
  private readonly box: SealedSecretBox;
  private readonly loop: PollingWorker;

  constructor(private readonly d: GameServerConnectionDeps) {
    this.box = new SealedSecretBox(d.sealKey, gameServerSecretPurpose);
    this.loop = new PollingWorker({
      name: 'game-server sync',
      log: d.log,
      now: d.now,
      pollMs: gameServerJobPolicy.pollMs,
      firstRoundAfterMs: gameServerJobPolicy.pollMs,
      task: async () => (await this.runDue()).length,
    });
  }

  private repo(db: Db = this.d.db) {
    return new GameServerConnectionRepository(db);
  }

  // ---- Where a game's server is ----

  /** The adapter's endpoint of a game: GAME_SERVERS, else the saved connection, else the built-in game server. */
  async endpoint(gameBaseId: number): Promise<GameServerEndpoint | undefined> {
    return (await this.resolve(gameBaseId)).endpoint;
  }

  private async resolve(gameBaseId: number): Promise<{ source: Source; endpoint?: GameServerEndpoint }> {
    const override = this.d.overrides[String(gameBaseId)];
    if (override)
      return {
        source: 'env',
        endpoint: {
          baseUrl: override.url,
          keyId: override.key_id,
          secret: this.d.overrideKeys[override.key_id]!,
        },
      };
    const saved = await this.d.remember(`pay.gameServer.connection:${gameBaseId}`, () =>
      this.repo().connection(gameBaseId),
    );
    if (saved) return { source: 'saved', endpoint: this.endpointOf(saved) };
    if (this.d.simulator) return { source: 'simulator', endpoint: await this.d.simulator() };
    return { source: 'none' };
  }

  private endpointOf(row: GameServerConnectionRow): GameServerEndpoint {
    const id = row.gameBaseId;
    return {
      baseUrl: row.baseUrl,
      keyId: row.keyId,
      secret: this.box.open(id, row.secretSealed),
      ...(row.nextKeyId && row.nextSecretSealed
        ? { acceptKeys: { [row.nextKeyId]: this.box.open(id, row.nextSecretSealed) } }
        : {}),
    };
  }

  // ---- Staff ----

  async detail(gameBaseId: number, lang: string): Promise<GameServerDetail> {
    const repo = this.repo();
    if (!(await repo.inCatalog(gameBaseId))) throw notFound();
    const [row, health, { source }, servers] = await Promise.all([
      repo.connection(gameBaseId),
      repo.health(gameBaseId),
      this.resolve(gameBaseId),
      repo.servers(gameBaseId, languagesFor(lang)),
    ]);
    return {
      game_base_id: gameBaseId,
      connection: row
        ? {
            base_url: row.baseUrl,
            key_id: row.keyId,
            secret_saved_at: row.secretSavedAt.toISOString(),
            next_key_id: row.nextKeyId,
            next_secret_saved_at: row.nextSecretSavedAt?.toISOString() ?? null,
            updated_at: row.updatedAt.toISOString(),
          }
        : null,
      source,
      http_allowed: bit(!this.d.egress.production),
      health: health ? healthData(health) : null,
      unavailable: health ? unavailableOf(health) : null,
      servers: pickLanguage(
        servers.map((r) => ({ ...r, lang: r.lang ?? '' })),
        lang,
        (r) => r.server.id,
      ).map(({ server, name }) => ({
        cp_server_id: server.cpServerId,
        server_name: name ?? server.cpServerId,
        is_online: bit(server.isOnline),
        is_maintenance: bit(server.isMaintenance),
        reported_maintenance: bit(server.reportedMaintenance),
        reported_at: server.reportedAt?.toISOString() ?? null,
      })),
    };
  }

  private requireUrl(url: string): void {
    const problem = gameServerUrlProblem(url, this.d.egress);
    if (problem) throw fieldIssue('base_url', problem);
  }

  async save(
    staff: AuthenticatedStaff,
    input: {
      game_base_id: number;
      base_url: string;
      key_id: string;
      secret?: string | undefined;
      next_key_id?: string | undefined;
      next_secret?: string | undefined;
    },
    lang: string,
  ): Promise<GameServerDetail> {
    const gameBaseId = input.game_base_id;
    this.requireUrl(input.base_url);
    const nextKeyId = input.next_key_id || null;
    if (nextKeyId !== null && nextKeyId === input.key_id) throw fieldIssue('next_key_id', 'same_as_key');
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.inCatalog(gameBaseId))) throw notFound();
      const before = await repo.connectionForUpdate(gameBaseId);
      const now = this.d.now();
      // A secret left out keeps the saved one, for the same key id only: a new key id needs its own secret.
      let secretSealed: string;
      let secretSavedAt: Date;
      if (input.secret !== undefined) {
        secretSealed = this.box.seal(gameBaseId, input.secret);
        secretSavedAt = now;
      } else if (before && before.keyId === input.key_id) {
        secretSealed = before.secretSealed;
        secretSavedAt = before.secretSavedAt;
      } else if (before && before.nextKeyId === input.key_id && before.nextSecretSealed) {
        secretSealed = before.nextSecretSealed;
        secretSavedAt = before.nextSecretSavedAt ?? now;
      } else throw fieldIssue('secret', 'required');
      let nextSealed: string | null = null;
      let nextSavedAt: Date | null = null;
      if (nextKeyId !== null) {
        if (input.next_secret !== undefined) {
          nextSealed = this.box.seal(gameBaseId, input.next_secret);
          nextSavedAt = now;
        } else if (before?.nextKeyId === nextKeyId && before.nextSecretSealed) {
          nextSealed = before.nextSecretSealed;
          nextSavedAt = before.nextSecretSavedAt;
        } else if (before?.keyId === nextKeyId) {
          nextSealed = before.secretSealed;
          nextSavedAt = before.secretSavedAt;
        } else throw fieldIssue('next_secret', 'required');
      }
      const unchanged =
        before &&
        before.baseUrl === input.base_url &&
        before.keyId === input.key_id &&
        before.secretSealed === secretSealed &&
        before.nextKeyId === nextKeyId &&
        before.nextSecretSealed === nextSealed;
      if (unchanged) return;
      await repo.saveConnection({
        gameBaseId,
        baseUrl: input.base_url,
        keyId: input.key_id,
        secretSealed,
        secretSavedAt,
        nextKeyId,
        nextSecretSealed: nextSealed,
        nextSecretSavedAt: nextSavedAt,
        updatedAt: now,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'pay.game_server.save',
        target: { type: 'pay_game_server', id: gameBaseId },
        before: before ? auditView(before) : null,
        after: {
          base_url: input.base_url,
          key_id: input.key_id,
          next_key_id: nextKeyId,
          // Never the secret itself: whether a new one was given.
          new_secret: input.secret !== undefined,
          new_next_secret: nextKeyId !== null && input.next_secret !== undefined,
        },
      });
    });
    return this.detail(gameBaseId, lang);
  }

  async rotate(staff: AuthenticatedStaff, gameBaseId: number, lang: string): Promise<GameServerDetail> {
    await inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.inCatalog(gameBaseId))) throw notFound();
      const before = await repo.connectionForUpdate(gameBaseId);
      if (!before) throw fieldIssue('game_base_id', 'no_connection');
      if (!before.nextKeyId || !before.nextSecretSealed) throw fieldIssue('game_base_id', 'no_second_key');
      const now = this.d.now();
      await repo.saveConnection({
        ...before,
        keyId: before.nextKeyId,
        secretSealed: before.nextSecretSealed,
        secretSavedAt: before.nextSecretSavedAt ?? now,
        nextKeyId: before.keyId,
        nextSecretSealed: before.secretSealed,
        nextSecretSavedAt: before.secretSavedAt,
        updatedAt: now,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'pay.game_server.rotate',
        target: { type: 'pay_game_server', id: gameBaseId },
        before: { key_id: before.keyId, next_key_id: before.nextKeyId },
        after: { key_id: before.nextKeyId, next_key_id: before.keyId },
      });
    });
    return this.detail(gameBaseId, lang);
  }

  async test(
    staff: AuthenticatedStaff,
    input: {
      game_base_id: number;
      base_url?: string | undefined;
      key_id?: string | undefined;
      secret?: string | undefined;
      test_mid?: number | undefined;
      test_role_id?: string | undefined;
    },
  ): Promise<GameServerTestResult> {
    const gameBaseId = input.game_base_id;
    const repo = this.repo();
    if (!(await repo.inCatalog(gameBaseId))) throw notFound();
    const draft = input.base_url !== undefined;
    let endpoint: GameServerEndpoint | undefined;
    if (draft) {
      this.requireUrl(input.base_url!);
      if (!input.key_id) throw fieldIssue('key_id', 'required');
      let secret = input.secret;
      if (secret === undefined) {
        const saved = await repo.connection(gameBaseId);
        if (saved?.keyId === input.key_id) secret = this.box.open(gameBaseId, saved.secretSealed);
        else if (saved?.nextKeyId === input.key_id && saved.nextSecretSealed)
          secret = this.box.open(gameBaseId, saved.nextSecretSealed);
        else throw fieldIssue('secret', 'required');
      }
      endpoint = { baseUrl: input.base_url!, keyId: input.key_id, secret };
    } else {
      endpoint = await this.endpoint(gameBaseId);
      if (!endpoint) throw fieldIssue('game_base_id', 'no_connection');
    }
    const run = await runReadOnlyChecks(
      this.target(gameBaseId, endpoint, { testMid: input.test_mid, testRoleId: input.test_role_id }),
    );
    const at = this.d.now();
    if (!draft)
      await inTransaction(this.d.db, async (tx) => {
        await this.repo(tx).recordCheck(gameBaseId, at, run.ok, run.failed?.check ?? null);
        await audit.record(tx, {
          actor: staff,
          action: 'pay.game_server.check',
          target: { type: 'pay_game_server', id: gameBaseId },
          after: { ok: run.ok, failed: run.failed?.check ?? null },
        });
      });
    return {
      target: draft ? 'draft' : 'saved',
      ok: bit(run.ok),
      ran_at: at.toISOString(),
      checks: run.results,
    };
  }

  private target(
    game: number,
    endpoint: GameServerEndpoint,
    extra: Pick<ReadCheckTarget, 'testMid' | 'testRoleId'> = {},
  ): ReadCheckTarget {
    return {
      baseUrl: endpoint.baseUrl,
      keyId: endpoint.keyId,
      secret: endpoint.secret,
      ...(endpoint.acceptKeys ? { acceptKeys: endpoint.acceptKeys } : {}),
      game,
      ...extra,
      timeoutMs: this.d.timeoutMs,
      fetch: this.d.fetch,
      now: () => this.d.now().getTime(),
    };
  }

  async syncNow(staff: AuthenticatedStaff, gameBaseId: number, lang: string): Promise<GameServerSyncResult> {
    if (!(await this.repo().inCatalog(gameBaseId))) throw notFound();
    const endpoint = await this.endpoint(gameBaseId);
    if (!endpoint) throw fieldIssue('game_base_id', 'no_connection');
    const result = await this.sync(gameBaseId, endpoint, staff);
    return { ...result, detail: await this.detail(gameBaseId, lang) };
  }

  /** Reads the game server's list and writes it into the catalog; the result is recorded as the game's sync. */
  private async sync(
    gameBaseId: number,
    endpoint: GameServerEndpoint,
    staff: AuthenticatedStaff | null,
  ): Promise<Omit<GameServerSyncResult, 'detail'>> {
    const run = await runReadOnlyChecks(this.target(gameBaseId, endpoint), { listOnly: true });
    const at = this.d.now();
    return inTransaction(this.d.db, async (tx) => {
      const repo = this.repo(tx);
      let added = 0;
      let wentOffline = 0;
      const servers = run.ok ? run.servers : undefined;
      if (servers) ({ added, wentOffline } = await repo.applyServerList(gameBaseId, servers, at));
      const failed = (run.failed?.check ?? null) as CheckCode;
      await repo.recordSync(gameBaseId, at, {
        ok: servers !== undefined,
        failed,
        listed: servers?.length ?? null,
        maintenance: servers?.filter((s) => s.maintenance).length ?? null,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'pay.game_server.sync',
        target: { type: 'pay_game_server', id: gameBaseId },
        after: {
          ok: servers !== undefined,
          failed,
          listed: servers?.length ?? null,
          added,
          went_offline: wentOffline,
        },
      });
      return {
        ok: bit(servers !== undefined),
        synced_at: at.toISOString(),
        failed,
        reason: run.failed?.reason ?? null,
        params: run.failed?.params ?? {},
        added,
        went_offline: wentOffline,
      };
    });
  }

  // ---- The daily job ----

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * One round: every game with a saved connection or a GAME_SERVERS entry that is due (daily; sooner while
   * players cannot top it up) is synced and checked, under `exclusive`. Answers the games it ran.
   */
  async runDue(): Promise<number[]> {
    const exclusive = this.d.exclusive ?? ((_name, work) => work());
    return (
      (await exclusive('pay.game-server.sync', async () => {
        const repo = this.repo();
        const games = [
          ...new Set([...(await repo.connectedGames()), ...Object.keys(this.d.overrides).map(Number)]),
        ];
        const now = this.d.now().getTime();
        const due = await repo.dueGames(
          games,
          new Date(now - gameServerJobPolicy.dailyMs),
          new Date(now - gameServerJobPolicy.retryMs),
        );
        const before = new Map((await repo.healthOf(due)).map((h) => [h.gameBaseId, unavailableOf(h)]));
        let changed = false;
        for (const gameBaseId of due) {
          try {
            const endpoint = await this.endpoint(gameBaseId);
            if (!endpoint) continue;
            await this.sync(gameBaseId, endpoint, null);
            const run = await runReadOnlyChecks(this.target(gameBaseId, endpoint));
            await repo.recordCheck(gameBaseId, this.d.now(), run.ok, run.failed?.check ?? null);
            const after = await repo.health(gameBaseId);
            if ((after ? unavailableOf(after) : null) !== (before.get(gameBaseId) ?? null)) changed = true;
          } catch (error) {
            // One game's trouble (a secret that no longer opens) never stops the others.
            this.d.log.error({ err: error, gameBaseId }, 'game-server sync failed');
          }
        }
        if (changed) await this.d.forgetPublic();
        return due;
      })) ?? []
    );
  }
}

function auditView(row: GameServerConnectionRow) {
  return { base_url: row.baseUrl, key_id: row.keyId, next_key_id: row.nextKeyId };
}

function healthData(h: GameServerHealthRow): NonNullable<GameServerDetail['health']> {
  return {
    checked_at: h.checkedAt?.toISOString() ?? null,
    check_ok: bitOrNull(h.checkOk),
    check_failed: h.checkFailed as CheckCode,
    synced_at: h.syncedAt?.toISOString() ?? null,
    sync_ok: bitOrNull(h.syncOk),
    sync_failed: h.syncFailed as CheckCode,
    servers_listed: h.serversListed,
    servers_maintenance: h.serversMaintenance,
  };
}

/** The same rule as the catalog's SQL (`unavailableWhen`), for the console. */
function unavailableOf(h: GameServerHealthRow): GameServerDetail['unavailable'] {
  if (h.checkOk === false) return 'check_failed';
  if (h.syncOk === false) return 'sync_failed';
  if (h.serversListed !== null && h.serversListed > 0 && h.serversMaintenance === h.serversListed)
    return 'maintenance';
  return null;
}
