/**
 * Payment operations for staff: the order search, an order's whole story (state changes, provider
 * notifications, credit delivery), the dead letters of the delivery worker and "retry delivery".
 *
 * Retry puts a dead job back in the worker's queue, pending and due now with its attempts reset to 0, so it gets
 * the worker's whole backoff schedule again (the attempts it died with and its last error go into the audit row).
 * It never credits anything itself: the delivery worker does, with the order number as the game server's
 * idempotency key, so a credit that reached the game server before the job died is answered as a repeat and the
 * character is credited once. The job row is locked and the change guarded on `dead`, so two staff members
 * retrying at once revive it once (the second hears `not_dead`).
 */
import type { OrderState } from '@gp/contracts/pay';
import type {
  DeadDeliveryPage,
  PayAdminOrderDetail,
  PayAdminOrderItem,
  PayAdminOrderPage,
  PayDeliveryItem,
} from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { orderFacts } from './pay-order.service.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import {
  PayOrderRepository,
  type DeliveryJobRow,
  type PayOrderRow,
  type OrderWithJob,
} from './pay-order.repository.ts';
import { PayAdminRefundRepository } from '../refunds/refund-admin.repository.ts';
import { totalFields } from '../../../db/capped-count.ts';

export interface PayAdminOrderDeps {
  db: Db;
  /** Called after a retry was committed (the in-process delivery worker runs a round soon). */
  onRetry?: () => void;
  now: Clock;
}

export interface OrderPageInput {
  order_no?: string | undefined;
  uid?: number | undefined;
  game_base_id?: number | undefined;
  cp_server_id?: string | undefined;
  cp_role_id?: string | undefined;
  state?: OrderState | undefined;
  start_time?: string | undefined;
  end_time?: string | undefined;
  page_num: number;
  page_size: number;
}

const fieldIssue = (field: string, code: string) => new RequestValidationError([{ field, code }]);

function deliveryItem(job: DeliveryJobRow): PayDeliveryItem {
  return {
    status: job.status,
    attempts: job.attempts,
    next_attempt_at: job.nextAttemptAt.toISOString(),
    last_error: job.lastError,
    delivery_id: job.deliveryId,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}

function orderItem(order: PayOrderRow, job: DeliveryJobRow | null, lang: string): PayAdminOrderItem {
  return {
    ...orderFacts(order, lang),
    provider: order.provider,
    uid: order.mid,
    distribution_region: order.distributionRegion,
    variant: order.variant,
    credit_amount: order.creditAmount,
    delivery_status: job?.status ?? null,
    expires_at: order.expiresAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

export class PayAdminOrderService {
  constructor(private readonly d: PayAdminOrderDeps) {}

  private now(): Date {
    return this.d.now();
  }

  async page(input: OrderPageInput, lang: string): Promise<PayAdminOrderPage> {
    const from = input.start_time === undefined ? undefined : new Date(input.start_time);
    const until = input.end_time === undefined ? undefined : new Date(input.end_time);
    if (from && until && until <= from) throw fieldIssue('end_time', 'before_start');
    const { rows, counted } = await new PayOrderRepository(this.d.db).page({
      ...(input.order_no === undefined ? {} : { orderRef: input.order_no }),
      ...(input.uid === undefined ? {} : { mid: input.uid }),
      ...(input.game_base_id === undefined ? {} : { gameBaseId: input.game_base_id }),
      ...(input.cp_server_id === undefined ? {} : { cpServerId: input.cp_server_id }),
      ...(input.cp_role_id === undefined ? {} : { cpRoleId: input.cp_role_id }),
      ...(input.state === undefined ? {} : { state: input.state }),
      ...(from ? { from } : {}),
      ...(until ? { until } : {}),
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map((r) => orderItem(r.order, r.job, lang)),
      ...totalFields(counted),
      page_num: input.page_num,
      page_size: input.page_size,
    };
  }

  private async find(repo: PayOrderRepository, ref: string): Promise<OrderWithJob> {
    const found = await repo.byRef(ref);
    if (!found) throw new AppError(codes.notFound);
    return found;
  }

  private async detailOf(repo: PayOrderRepository, found: OrderWithJob, lang: string) {
    const { order, job } = found;
    const refunds = new PayAdminRefundRepository(this.d.db);
    const [events, notifications, refund, dispute] = await Promise.all([
      repo.events(order.id),
      order.payOrderNo ? repo.notifications(order.provider, order.payOrderNo) : Promise.resolve([]),
      refunds.refund(order.id),
      refunds.dispute(order.id),
    ]);
    return {
      ...orderItem(order, job, lang),
      events: events.map((e) => ({
        from_state: e.fromState,
        to_state: e.toState,
        cause: e.cause,
        created_at: e.createdAt.toISOString(),
      })),
      notifications: notifications.map((n) => ({
        provider: n.provider,
        event_id: n.eventId,
        outcome: n.outcome,
        result: n.result,
        received_at: n.receivedAt.toISOString(),
      })),
      delivery: job ? deliveryItem(job) : null,
      refund,
      dispute,
    } satisfies PayAdminOrderDetail;
  }

  async detail(ref: string, lang: string): Promise<PayAdminOrderDetail> {
    const repo = new PayOrderRepository(this.d.db);
    return this.detailOf(repo, await this.find(repo, ref), lang);
  }

  async deadPage(
    input: { game_base_id?: number | undefined; page_num: number; page_size: number },
    lang: string,
  ): Promise<DeadDeliveryPage> {
    const { rows, total } = await new PayOrderRepository(this.d.db).deadPage({
      ...(input.game_base_id === undefined ? {} : { gameBaseId: input.game_base_id }),
      offset: (input.page_num - 1) * input.page_size,
      limit: input.page_size,
    });
    return {
      list: rows.map((r) => ({ order: orderItem(r.order, r.job, lang), delivery: deliveryItem(r.job) })),
      total,
      page_num: input.page_num,
      page_size: input.page_size,
    };
  }

  /** "Retry delivery" of a dead-lettered order (see the file comment). */
  async retry(staff: AuthenticatedStaff, ref: string, lang: string): Promise<PayAdminOrderDetail> {
    const repo = new PayOrderRepository(this.d.db);
    const { order } = await this.find(repo, ref);
    await inTransaction(this.d.db, async (tx) => {
      const txRepo = new PayOrderRepository(tx);
      const job = await txRepo.jobForUpdate(order.id);
      if (!job) throw fieldIssue('order_no', 'no_delivery');
      if (order.state === 'refunded') throw fieldIssue('order_no', 'not_owed');
      if (job.status !== 'dead') throw fieldIssue('order_no', 'not_dead');
      const now = this.now();
      const revived = await txRepo.revive(order.id, now);
      if (!revived) throw fieldIssue('order_no', 'not_dead');
      await audit.record(tx, {
        actor: staff,
        action: 'pay.delivery.retry',
        target: { type: 'pay_order', id: order.orderNo },
        before: { status: job.status, attempts: job.attempts, last_error: job.lastError },
        after: {
          status: revived.status,
          attempts: revived.attempts,
          next_attempt_at: revived.nextAttemptAt.toISOString(),
        },
      });
    });
    this.d.onRetry?.();
    return this.detailOf(repo, await this.find(repo, order.orderNo), lang);
  }
}
