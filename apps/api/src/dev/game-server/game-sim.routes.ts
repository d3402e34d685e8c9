/**
 * The dev console of the built-in game server (like the dev mailbox, never registered in production): whoever
 * runs the site locally, and the browser journeys, set its switches (a character that cannot be topped up, a
 * delivery that fails...) and read the credit it received, to watch top-up and staff operations handle them.
 */
import type { FastifyInstance } from 'fastify';
import { codes } from '@gp/errors';
import { z } from 'zod';
import { gameSimSwitchKinds, GameServerSimRepository } from './game-server-sim.repository.ts';

const key = z.object({
  kind: z.enum(gameSimSwitchKinds),
  game_base_id: z.coerce.number().int().positive(),
  cp_server_id: z.string().max(64).optional(),
  mid: z.coerce.number().int().positive().optional(),
  cp_role_id: z.string().max(64).optional(),
});
const setSwitch = key.extend({ remaining: z.coerce.number().int().min(1).max(1000).optional() });
const deliveriesQuery = z.object({
  game_base_id: z.coerce.number().int().positive(),
  cp_server_id: z.string().min(1).max(64),
  cp_role_id: z.string().min(1).max(64),
});

const badRequest = { code: codes.badRequest, message: 'bad request', data: null };

function keyOf(input: z.infer<typeof key>) {
  return {
    kind: input.kind,
    gameBaseId: input.game_base_id,
    ...(input.cp_server_id ? { cpServerId: input.cp_server_id } : {}),
    ...(input.mid ? { mid: input.mid } : {}),
    ...(input.cp_role_id ? { cpRoleId: input.cp_role_id } : {}),
  };
}

export async function gameSimRoutes(app: FastifyInstance) {
  const sim = new GameServerSimRepository(app.db);

  app.post('/dev/game-sim/switch', async (request, reply) => {
    const input = setSwitch.safeParse(request.body);
    if (!input.success) return reply.status(400).send(badRequest);
    await sim.setSwitch(keyOf(input.data), input.data.remaining ?? null);
    return { code: 0, message: 'success', data: null };
  });

  app.post('/dev/game-sim/switch/clear', async (request, reply) => {
    const input = key.safeParse(request.body);
    if (!input.success) return reply.status(400).send(badRequest);
    await sim.clearSwitch(keyOf(input.data));
    return { code: 0, message: 'success', data: null };
  });

  app.get('/dev/game-sim/deliveries', async (request, reply) => {
    const q = deliveriesQuery.safeParse(request.query);
    if (!q.success) return reply.status(400).send(badRequest);
    const rows = await sim.deliveriesTo({
      gameBaseId: q.data.game_base_id,
      cpServerId: q.data.cp_server_id,
      cpRoleId: q.data.cp_role_id,
    });
    reply.header('cache-control', 'no-store');
    return {
      code: 0,
      message: 'success',
      data: rows.map((r) => ({
        order_no: r.idempotencyKey,
        delivery_id: r.deliveryId,
        product_id: r.productId,
        credit_amount: r.creditAmount,
        delivered_at: r.deliveredAt.toISOString(),
        reversed_at: r.reversedAt?.toISOString() ?? null,
      })),
    };
  });
}
