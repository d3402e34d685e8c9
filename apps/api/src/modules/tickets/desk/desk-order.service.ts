/**
 * A ticket's linked top-up order on the desk: the order as an agent may see it, and the agents' actions on it
 * from the ticket.
 *
 * Who sees what: everyone who may read the ticket (`tickets.read`) sees the order's state and timeline; the pay
 * console's detail (amounts, provider, state changes, notifications, delivery, refund) comes only with the
 * `catalog` privilege, which is also what the actions need, as on the pay console itself.
 *
 * The actions reuse the pay module's rules rather than repeating them: "ask the payment provider again" is
 * PayOrderService.askProvider (as the settlement screen's), "retry delivery" is the pay console's retry (which
 * audits `pay.delivery.retry` itself). Each then adds an `order_note` to the thread (a code with the order's state
 * and time, worded by each reader in their language) with its `ticket.order_action` audit row in one transaction.
 * The ticket is checked before acting (closed, held by another agent, no order), so an action whose note could
 * not be written is not taken.
 */
import type { OrderNote, OrderNoteCode } from '@gp/contracts/cs';
import type { DeskLinkedOrder, DeskTicketDetail, OrderAction } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import type { WorkOrderService } from '../work-order.service.ts';
import { type StaffActor } from '../work-order.service.ts';
import type { PayOrderService } from '../../pay/index.ts';
import type { PayAdminOrderService } from '../../pay/index.ts';
import { audit, hasPrivilege, type AuthenticatedStaff } from '../../staff/index.ts';

type OrderRow = NonNullable<Awaited<ReturnType<PayOrderService['order']>>>;
type Asked = Awaited<ReturnType<PayOrderService['askProvider']>>;

export interface DeskOrderDeps {
  db: Db;
  /** The ticket rules (`app.tickets.workOrders`). */
  workOrders: WorkOrderService;
  now: Clock;
  portalOrigin: string;
  orders: Pick<PayOrderService, 'order' | 'tracked' | 'askProvider'>;
  payAdmin: Pick<PayAdminOrderService, 'detail' | 'retry'>;
}

/** What an agent reads of the order and what the player reads of it come from the same state. */
export function noteCodeOf(order: OrderRow, asked?: Asked): OrderNoteCode {
  if (asked?.answer === 'paid' && asked.result === 'applied') return 'payment_found';
  switch (order.state) {
    case 'paid':
    case 'delivering':
      return 'payment_already_received';
    case 'delivered':
      return 'credit_delivered';
    case 'failed':
    case 'expired':
      return 'payment_not_completed';
    case 'refunded':
      return 'order_refunded';
    default:
      return 'no_payment_yet';
  }
}

function noteTime(code: OrderNoteCode, order: OrderRow, now: Date): string | null {
  if (code === 'payment_found' || code === 'payment_already_received')
    return order.paidAt?.toISOString() ?? null;
  if (code === 'credit_delivered') return order.deliveredAt?.toISOString() ?? null;
  if (code === 'delivery_retried') return now.toISOString();
  return null;
}

export class DeskOrderService {
  constructor(private readonly d: DeskOrderDeps) {}

  private tickets(db: Db = this.d.db) {
    return this.d.workOrders.on(db);
  }

  /** The ticket detail with its linked order as this agent may see it (see the file comment). */
  async withOrder(
    detail: DeskTicketDetail,
    staff: AuthenticatedStaff,
    lang: string,
  ): Promise<DeskTicketDetail> {
    if (!detail.order_no) return detail;
    return { ...detail, order: await this.linkedOrder(detail.order_no, staff, lang) };
  }

  async linkedOrder(
    orderNo: string,
    staff: AuthenticatedStaff,
    lang: string,
  ): Promise<DeskLinkedOrder | null> {
    const row = await this.d.orders.order(orderNo);
    if (!row) return null;
    const [tracked, pay] = await Promise.all([
      this.d.orders.tracked(row, lang),
      hasPrivilege(staff, 'catalog') ? this.d.payAdmin.detail(orderNo, lang) : Promise.resolve(null),
    ]);
    return {
      order_no: tracked.order_no,
      state: tracked.state,
      status: tracked.status,
      game_name: tracked.game_name,
      server_name: tracked.server_name,
      cp_role_id: tracked.cp_role_id,
      role_name: tracked.role_name,
      product_name: tracked.product_name,
      created_at: tracked.created_at,
      timeline: tracked.timeline,
      pay,
    };
  }

  /** "Ask the payment provider again" / "retry delivery" from the ticket (see the file comment). */
  async act(
    staff: AuthenticatedStaff,
    input: { work_order_id: number; action: OrderAction },
    lang: string,
  ): Promise<{ message_id: number; note: OrderNote; order: DeskLinkedOrder }> {
    if (!hasPrivilege(staff, 'catalog')) throw new AppError(codes.accessDenied);
    const id = input.work_order_id;
    const actor: StaffActor = { staffId: staff.staffId, name: staff.accountName };
    const orderNo = await this.tickets().orderToActOn(id, actor);
    const before = await this.d.orders.order(orderNo);
    if (!before) throw new RequestValidationError([{ field: 'work_order_id', code: 'no_order' }]);

    let asked: Asked | undefined;
    if (input.action === 'ask_provider') {
      asked = await this.d.orders.askProvider(before, `staff:${staff.staffId}`);
    } else {
      await this.d.payAdmin.retry(staff, orderNo, lang);
    }
    const after = (await this.d.orders.order(orderNo)) ?? before;
    const code = input.action === 'retry_delivery' ? 'delivery_retried' : noteCodeOf(after, asked);
    const note: OrderNote = {
      code,
      order_no: orderNo,
      state: after.state,
      at: noteTime(code, after, this.d.now()),
    };
    const messageId = await inTransaction(this.d.db, async (tx) => {
      const messageId = await this.tickets(tx).addOrderNote(id, actor, note);
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.order_action',
        target: { type: 'work_order', id },
        before: { order_no: orderNo, state: before.state },
        after: {
          action: input.action,
          message_id: messageId,
          note: code,
          state: after.state,
          ...(asked ? { answer: asked.answer, result: asked.result } : {}),
        },
      });
      return messageId;
    });
    const order = await this.linkedOrder(orderNo, staff, lang);
    return { message_id: messageId, note, order: order! };
  }
}
