/**
 * Refunds in the order panel: "Refund order" asks for a reason (and a note with "Other")
 * before anything is sent, sends the reason and note, then shows the refund and what the game server answered;
 * a refusal is said in words from the error catalogue; a disputed payment is flagged.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  payAdminGameList,
  payAdminOrderDetailCall,
  payAdminOrderPageCall,
  payAdminOrderRefund,
} from '@gp/contracts/pay-admin';
import { codes } from '@gp/errors';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import { order, orderDetail, pageOf, payGame } from '../testing/pay-fixtures.ts';
import {
  ok,
  refuse,
  resetSession,
  staffServer,
  type Handler,
  openDialogWith,
} from '../testing/console-test.tsx';
import { bodyOf, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const delivered = order({
  order_no: 'GP20260301DONE0000000000001',
  state: 'delivered',
  delivery_status: 'done',
});
const deliveredDetail = orderDetail(
  { ...delivered },
  { status: 'done', attempts: 1, last_error: null, delivery_id: 'rcpt-9' },
);
const refundedDetail = orderDetail(
  {
    ...delivered,
    state: 'refunded',
    refund: {
      reason: 'other',
      note: 'Ticket 42: charged twice by the bank',
      staff_account_id: 'pay.ops',
      refund_ref: 're_test_123',
      refunded_at: '2026-03-02T08:00:00.000Z',
      reversal_status: 'refused',
      reversal_reason: 'credit_already_spent',
      reversal_attempts: 1,
      reversed_at: null,
    },
  },
  { status: 'done', attempts: 1, last_error: null, delivery_id: 'rcpt-9' },
);

function server(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminOrderPageCall)]: () => ok(pageOf([delivered])),
      [pathOf(payAdminGameList)]: () => ok([payGame()]),
      [pathOf(payAdminOrderDetailCall)]: () => ok(deliveredDetail),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

async function openDialog() {
  await renderOps('/pay/orders');
  fireEvent.click(await screen.findByLabelText(`Open order ${delivered.order_no}`));
  const panel = within(await screen.findByRole('dialog'));
  fireEvent.click(await panel.findByRole('button', { name: ops.refunds.action }));
  const title = ops.refunds.dialogTitle.replace('{{orderNo}}', delivered.order_no);
  return { panel, dialog: within(await openDialogWith(title)) };
}

describe('refund from the order panel', { timeout: 60_000 }, () => {
  it('needs a reason, and a note with "Other"; sends them and shows the refund and the game server answer', async () => {
    const api = server({ [pathOf(payAdminOrderRefund)]: () => ok(refundedDetail) });
    const { panel, dialog } = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: ops.refunds.confirm }));
    expect(await dialog.findByText(ops.refunds.reasonRequired)).toBeTruthy();
    fireEvent.click(dialog.getByLabelText(ops.refunds.reasonLabel.other));
    fireEvent.click(dialog.getByRole('button', { name: ops.refunds.confirm }));
    expect(await dialog.findByText(ops.refunds.noteRequired)).toBeTruthy();
    expect(api.to(pathOf(payAdminOrderRefund))).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(ops.refunds.note), {
      target: { value: '  Ticket 42: charged twice by the bank ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: ops.refunds.confirm }));
    await waitFor(() => expect(api.to(pathOf(payAdminOrderRefund))).toHaveLength(1), { timeout: 15_000 });
    expect(bodyOf(api.to(pathOf(payAdminOrderRefund))[0])).toEqual({
      order_no: delivered.order_no,
      reason: 'other',
      note: 'Ticket 42: charged twice by the bank',
    });
    expect(await panel.findByText(ops.refunds.reversal.refused, {}, { timeout: 15_000 })).toBeTruthy();
    expect(panel.getByText('credit_already_spent')).toBeTruthy();
    expect(panel.getByText('re_test_123')).toBeTruthy();
    expect(panel.getByText('Ticket 42: charged twice by the bank')).toBeTruthy();
    expect(panel.queryByRole('button', { name: ops.refunds.action })).toBeNull();
  });

  it('says why the provider refused, in the catalogue words, and keeps the dialog open', async () => {
    server({
      [pathOf(payAdminOrderRefund)]: () =>
        refuse(codes.staffRefundProviderRefused, { detail: 'charge_disputed' }),
    });
    const { dialog } = await openDialog();
    fireEvent.click(dialog.getByLabelText(ops.refunds.reasonLabel.duplicate));
    fireEvent.click(dialog.getByRole('button', { name: ops.refunds.confirm }));
    expect(
      await dialog.findByText(staffErrors.staff.refunds.providerRefused, {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('flags a disputed payment, names a lost dispute as the refund reason and offers no refund', async () => {
    server({
      [pathOf(payAdminOrderDetailCall)]: () =>
        ok({
          ...refundedDetail,
          refund: {
            ...refundedDetail.refund!,
            reason: 'dispute_lost',
            staff_account_id: null,
            note: null,
            refund_ref: null,
          },
          dispute: {
            dispute_ref: 'dp_1',
            status: 'lost',
            reason: 'fraudulent',
            opened_at: '2026-03-02T07:00:00.000Z',
            closed_at: '2026-03-03T07:00:00.000Z',
            updated_at: '2026-03-03T07:00:00.000Z',
          },
        }),
    });
    await renderOps('/pay/orders');
    fireEvent.click(await screen.findByLabelText(`Open order ${delivered.order_no}`));
    const panel = within(await screen.findByRole('dialog'));
    expect(await panel.findByText(ops.refunds.disputeTitle)).toBeTruthy();
    expect(panel.getByText(/fraudulent/)).toBeTruthy();
    expect(panel.getByText(ops.refunds.reasonLabel.dispute_lost)).toBeTruthy();
    expect(panel.getByText(ops.refunds.fields.byProvider)).toBeTruthy();
    expect(panel.queryByRole('button', { name: ops.refunds.action })).toBeNull();
  });
});
