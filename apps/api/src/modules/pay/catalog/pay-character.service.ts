/**
 * Servers and characters for top-up: the catalog's servers (names, staff maintenance flag) joined with what the
 * game server reports (GameServerAdapter). `roleList` answers the role_list calls; `requireRecipient` is the
 * server and character check of order creation.
 */
import type { PayServerItem } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { languagesFor, pickLanguage } from '../../site/index.ts';
import {
  GameServerError,
  type GameServerAdapter,
  type GameServerStatus,
} from '../game-server/game-server.adapter.ts';
import type { CatalogRepository } from './catalog.repository.ts';
import { payError, type PayCatalogService } from './pay-catalog.service.ts';
import { started } from '../orders/started.ts';

interface OfferedServer {
  cpServerId: string;
  name: string;
  maintenance: boolean;
}

/** Who receives an order's credit, as the order snapshots it. */
export interface RecipientSnapshot {
  gameBaseId: number;
  cpServerId: string;
  serverName: string;
  cpRoleId: string;
  roleName: string;
}

/** A game server that does not answer is the spec's "list missing" error of what was asked for. */
async function ask<T>(work: () => Promise<T>, codeWhenUnavailable: number): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GameServerError) throw payError(codeWhenUnavailable);
    throw error;
  }
}

export class PayCharacterService {
  constructor(
    private readonly catalog: PayCatalogService,
    private readonly repo: CatalogRepository,
    private readonly gameServer: GameServerAdapter,
  ) {}

  /**
   * The servers players may top up on: online in the catalog and reported by the game server, in catalog order.
   * err8 when the game server does not answer, err12 when no server is left.
   */
  private async offeredServers(gameBaseId: number, lang: string): Promise<OfferedServer[]> {
    // The catalog and the game server are asked at once; the catalog's answer is still checked first.
    const catalogAnswer = started(this.repo.onlineServers(gameBaseId, languagesFor(lang)));
    const liveAnswer = started(
      ask(() => this.gameServer.listServers(gameBaseId), codes.payServerListMissing),
    );
    const catalogRows = await catalogAnswer;
    if (catalogRows.length === 0) throw payError(codes.payGameHasNoServer);
    const live = await liveAnswer;
    const liveById = new Map<string, GameServerStatus>(live.map((s) => [s.cpServerId, s]));
    const servers = pickLanguage(
      catalogRows.map((r) => ({ ...r, lang: r.lang ?? '' })),
      lang,
      (r) => r.id,
    ).flatMap((r) => {
      const status = liveById.get(r.cpServerId);
      if (!status) return [];
      return [
        {
          cpServerId: r.cpServerId,
          name: r.name ?? r.cpServerId,
          maintenance: r.isMaintenance || status.maintenance,
        },
      ];
    });
    if (servers.length === 0) throw payError(codes.payGameHasNoServer);
    return servers;
  }

  /**
   * The member's characters per server. err3 game not open for top-up, err8 / err12 as offeredServers, err10 the
   * game server does not answer for characters, 17 the member has no character on any server.
   */
  async roleList(
    mid: number,
    region: number | undefined,
    gameBaseId: number,
    lang: string,
  ): Promise<PayServerItem[]> {
    await this.catalog.requireGame(region, { gameBaseId });
    const servers = await this.offeredServers(gameBaseId, lang);
    const answer = await Promise.all(
      servers.map(async (server) => {
        const characters = await ask(
          () => this.gameServer.listCharacters(mid, gameBaseId, server.cpServerId),
          codes.payRoleListMissing,
        );
        return {
          cp_server_id: server.cpServerId,
          server_name: server.name,
          is_maintenance: server.maintenance ? (1 as const) : (0 as const),
          role_list: characters.map((c) => ({
            cp_role_id: c.cpRoleId,
            role_name: c.roleName,
            level: c.level,
            can_recharge: c.canRecharge ? (1 as const) : (0 as const),
          })),
        };
      }),
    );
    if (answer.every((s) => s.role_list.length === 0)) throw payError(codes.payNoCharacter);
    return answer;
  }

  /**
   * For order creation: the chosen server and character may receive a top-up now. err3, err8, err12 as above;
   * err9 the server is not offered; err4 under maintenance; err10 the game server does not answer for
   * characters; err11 no such character of this member on the server; err5 the character may not be topped up.
   */
  async requireRecipient(target: {
    mid: number;
    region?: number | undefined;
    gameBaseId: number;
    cpServerId: string;
    cpRoleId: string;
    lang: string;
  }): Promise<RecipientSnapshot> {
    const offered = started(this.offeredServers(target.gameBaseId, target.lang));
    await this.catalog.requireGame(target.region, { gameBaseId: target.gameBaseId });
    const servers = await offered;
    const server = servers.find((s) => s.cpServerId === target.cpServerId);
    if (!server) throw payError(codes.payServerNotFound);
    if (server.maintenance) throw payError(codes.payServerMaintenance);
    const check = await ask(() => this.gameServer.canRecharge(target), codes.payRoleListMissing);
    if (!check.ok) {
      const code = {
        server_missing: codes.payServerNotFound,
        maintenance: codes.payServerMaintenance,
        character_missing: codes.payRoleNotFound,
        cannot_recharge: codes.payCharacterCannotRecharge,
      }[check.reason];
      throw payError(code);
    }
    return {
      gameBaseId: target.gameBaseId,
      cpServerId: server.cpServerId,
      serverName: server.name,
      cpRoleId: check.character.cpRoleId,
      roleName: check.character.roleName,
    };
  }
}
