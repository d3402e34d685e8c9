/**
 * Tests only (E2E_SEAMS, refused in production): lets the browser journeys of customer service write a staff
 * reply into a ticket, the step a real agent takes in the staff console, so the player's side (seeing the reply,
 * following up, rating) can be driven end to end. It goes through the same service call the console uses.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkOrderService } from './work-order.service.ts';
import { workOrderStatus } from '@gp/contracts/cs';

const body = z.object({
  work_order_id: z.coerce.number().int().positive(),
  content: z.string().min(1).max(1000),
});

export async function e2eReplyRoutes(app: FastifyInstance) {
  const service = new WorkOrderService(app.db, { portalOrigin: app.env.PORTAL_ORIGIN });
  app.post('/dev/e2e/cs/reply', async (request, reply) => {
    const input = body.safeParse(request.body);
    if (!input.success) return reply.status(400).send({ code: -400, message: 'bad body', data: null });
    const { message_id } = await service.reply(
      input.data.work_order_id,
      { staffId: 0, name: 'E2E agent' },
      input.data.content,
      workOrderStatus.replied,
    );
    return { code: 0, message: 'success', data: { message_id } };
  });
}
