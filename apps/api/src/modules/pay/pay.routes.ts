import type { FastifyInstance } from 'fastify';
import { paySwitch } from '@gp/contracts/pay';
import { registerCall } from '../../http/register-call.ts';
import { PaySwitchRepository } from './pay-switch.repository.ts';
import { PaySwitchService } from './pay-switch.service.ts';

export async function payRoutes(app: FastifyInstance) {
  const service = new PaySwitchService(new PaySwitchRepository(app.db), app.site.distributionRegion);
  registerCall(app, paySwitch, (input) => service.status(input.distribution_region));
}
