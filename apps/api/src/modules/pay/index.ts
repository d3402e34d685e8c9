/**
 * The pay module's public file: what the rest of the API (the pay console, app.ts, the standalone pay worker)
 * and its tests use of it. Everything else in this folder is the module's own (apps/api/README.md "Layers").
 */
export { payRoutes } from './pay.routes.ts';
export { gameSimRoutes } from './game-sim.routes.ts';
export { createPayRuntime } from './pay-runtime.ts';
export { nameIn, type PayOrderService } from './pay-order.service.ts';
export { GameServerError, type GameServerAdapter } from './game-server.adapter.ts';
export { createGameServerSimulator, type GameServerSimulator } from './game-server.simulator.ts';
export { PayDeliveryWorker, type DeliveryWorkerOptions } from './pay-delivery.worker.ts';
// The settlement check's mismatches, which the pay console lists and resolves.
export { PaySettlementRepository, type MismatchWithStaff } from './pay-settlement.repository.ts';
export { utcDayOf } from './pay-settlement.service.ts';
// For tests: sandbox notifications sent and signed as the sandbox provider does.
export { SandboxNotifier } from './sandbox-provider.ts';
export { signedHeaders } from './sandbox-signature.ts';
export type { PayRefundService } from './pay-refund.service.ts';
export { PayReversalWorker } from './pay-reversal.worker.ts';
