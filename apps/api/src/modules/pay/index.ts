/**
 * The pay module's public file: what the rest of the API (app.ts, the ticket desk, the console's home, the
 * development stand-ins in src/dev/) and its tests use of it. Everything else in this folder is the module's own
 * (apps/api/README.md "Layers").
 */
export { payRoutes } from './pay.routes.ts';
export { payStaffRoutes } from './pay-staff.routes.ts';
export { createPayRuntime, notifyPath } from './pay-runtime.ts';
export type { PayStandIns } from './pay-stand-ins.ts';
export { nameIn, type PayOrderService } from './orders/pay-order.service.ts';
// The pay console's order detail and delivery retry (app.pay.staffOrders), which the ticket desk reuses.
export type { PayAdminOrderService } from './orders/order-admin.service.ts';
export { PayDeliveryWorker, type DeliveryWorkerOptions } from './orders/pay-delivery.worker.ts';
export { compactDate, randomCode } from './orders/random-code.ts';
export { utcDayOf } from './settlement/pay-settlement.service.ts';
export type { PayRefundService } from './refunds/pay-refund.service.ts';
export { PayReversalWorker } from './refunds/pay-reversal.worker.ts';
// What a payment provider is; the sandbox (src/dev/) is one.
export {
  NotificationRejected,
  RefundRefused,
  type CreatedPayment,
  type IncomingNotification,
  type PaymentNotification,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentStatus,
  type RefundRequest,
  type RefundResult,
  type SettledPayment,
} from './providers/payment-provider.ts';
// The game-server protocol, which the built-in game server (src/dev/) answers as a studio's server does.
export {
  GameServerError,
  type CreditDelivery,
  type DeliveryReceipt,
  type DeliveryRecord,
  type GameCharacter,
  type GameServerAdapter,
  type GameServerStatus,
  type RechargeCheck,
  type RechargeTarget,
} from './game-server/game-server.adapter.ts';
export {
  errorBody,
  protocolErrors,
  type ProtocolErrorCode,
  type WireDelivery,
} from './game-server/protocol/protocol.ts';
export {
  answerCanonical,
  protocolHeaders,
  requestCanonical,
  signedHeaders,
  verifySignature,
  type ProtocolKeys,
} from './game-server/protocol/protocol-signature.ts';
