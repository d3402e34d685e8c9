import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import admin from '@gp/i18n/locales/en/admin.json';
import {
  payAdminSettlementPage,
  payAdminSettlementRecheck,
  payAdminSettlementResolve,
  payAdminSettlementRun,
  type SettlementItem,
} from '@gp/contracts/pay-settlement';
import { ok, resetSession, staffServer, type Handler } from '../testing/console-test.tsx';
import { bodyOf, fieldRefusal, ops, pathOf, renderOps, sessionWith } from '../testing/ops-console.tsx';

beforeEach(resetSession);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mismatch = (overrides: Partial<SettlementItem> = {}): SettlementItem => ({
  id: 7,
  provider: 'stripe',
  provider_ref: 'cs_test_lost0001',
  kind: 'paid_not_here',
  day: '2026-03-01',
  order_no: 'GP20260301LOST00000000000001',
  order_state: 'awaiting_payment',
  order_amount: 54_900,
  order_currency: 'THB',
  provider_amount: 54_900,
  provider_currency: 'THB',
  provider_refunded: 0,
  exponent: 2,
  found_at: '2026-03-02T03:10:00Z',
  resolved_at: null,
  resolved_by: null,
  resolution_note: null,
  ...overrides,
});
const lost = mismatch();
const differs = mismatch({
  id: 8,
  provider_ref: 'cs_test_other0002',
  kind: 'amount_differs',
  order_no: 'GP20260301OTHER0000000000002',
  provider_amount: 1_000,
});
const orphan = mismatch({
  id: 9,
  provider_ref: 'cs_test_orphan003',
  order_no: null,
  order_state: null,
  order_amount: null,
  order_currency: null,
});
const done = mismatch({
  id: 10,
  provider_ref: 'cs_test_done0004',
  resolved_at: '2026-03-02T04:00:00Z',
  resolved_by: 'Ada Admin',
  resolution_note: 'refunded at Stripe',
});
const pageOf = (list: SettlementItem[]) => ({
  list,
  total: list.length,
  page_num: 1,
  page_size: 20,
  runs: [
    { provider: 'stripe', day: '2026-03-01', ran_at: '2026-03-02T03:10:00Z', payments: 41, mismatches: 3 },
  ],
});

function settlementServer(handlers: Record<string, Handler> = {}) {
  return staffServer(
    {
      [pathOf(payAdminSettlementPage)]: (r) =>
        ok(r.query.get('status') === 'resolved' ? pageOf([done]) : pageOf([lost, differs, orphan])),
      ...handlers,
    },
    sessionWith('catalog'),
  );
}

const rowOf = (ref: string) => screen.getByText(`stripe · ${ref}`).closest('tr')!;

describe('payment settlement', { timeout: 40_000 }, () => {
  it('lists each difference with what to do, both amounts, the order link and the fitting actions', async () => {
    settlementServer();
    await renderOps('/pay/settlement');
    await screen.findByRole('heading', { name: ops.settlement.title });
    await waitFor(() => rowOf(lost.provider_ref));
    expect(
      screen.getByText(/stripe, 2026-03-01: checked .* paid payments: 41 · new differences: 3/),
    ).toBeTruthy();

    const first = within(rowOf(lost.provider_ref));
    expect(first.getByText(ops.settlement.kinds.paid_not_here)).toBeTruthy();
    expect(first.getByText(ops.settlement.advice.paid_not_here)).toBeTruthy();
    expect(first.getByText(ops.pay.state.awaiting_payment)).toBeTruthy();
    expect(first.getByRole('link', { name: `Open order ${lost.order_no}` }).getAttribute('href')).toBe(
      `/pay/orders?order_no=${lost.order_no}`,
    );
    expect(first.getByLabelText(`Ask the provider again about ${lost.provider_ref}`)).toBeTruthy();

    const second = within(rowOf(differs.provider_ref));
    expect(second.getByText(ops.settlement.kinds.amount_differs)).toBeTruthy();
    expect(second.getByText(ops.settlement.advice.amount_differs)).toBeTruthy();
    expect(second.getByText('฿10.00')).toBeTruthy();
    expect(second.getByText('฿549.00')).toBeTruthy();

    // No order: nothing to ask about, only to resolve.
    const third = within(rowOf(orphan.provider_ref));
    expect(third.getByText(ops.settlement.noOrder)).toBeTruthy();
    expect(third.queryByLabelText(`Ask the provider again about ${orphan.provider_ref}`)).toBeNull();
    expect(third.getByLabelText(`Mark ${orphan.provider_ref} resolved`)).toBeTruthy();
  });

  it('asks the provider again and says what it answered, then reloads', async () => {
    const api = settlementServer({
      [pathOf(payAdminSettlementRecheck)]: () =>
        ok({ item: { ...lost, resolved_at: '2026-03-02T04:00:00Z' }, answer: 'paid', result: 'applied' }),
    });
    await renderOps('/pay/settlement');
    fireEvent.click(await screen.findByLabelText(`Ask the provider again about ${lost.provider_ref}`));
    await waitFor(() => expect(api.to(pathOf(payAdminSettlementRecheck))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminSettlementRecheck))[0])).toEqual({ id: lost.id });
    expect(await screen.findByText(`${ops.settlement.answer.paid} ${ops.settlement.credited}`)).toBeTruthy();
    await waitFor(() => expect(api.to(pathOf(payAdminSettlementPage))).toHaveLength(2));
  });

  it('marks a difference resolved only with a note', async () => {
    const api = settlementServer({
      [pathOf(payAdminSettlementResolve)]: () =>
        ok({ ...differs, resolved_at: '2026-03-02T04:00:00Z', resolution_note: 'refunded at Stripe' }),
    });
    await renderOps('/pay/settlement');
    fireEvent.click(await screen.findByLabelText(`Mark ${differs.provider_ref} resolved`));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: ops.settlement.resolve }));
    expect(await dialog.findByText(ops.settlement.noteRequired)).toBeTruthy();
    expect(api.to(pathOf(payAdminSettlementResolve))).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(ops.settlement.note), {
      target: { value: ' refunded at Stripe ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: ops.settlement.resolve }));
    await waitFor(() => expect(api.to(pathOf(payAdminSettlementResolve))).toHaveLength(1));
    expect(bodyOf(api.to(pathOf(payAdminSettlementResolve))[0])).toEqual({
      id: differs.id,
      note: 'refunded at Stripe',
    });
    expect(await screen.findByText(ops.settlement.resolvedMessage)).toBeTruthy();
  });

  it('runs the check for a day now, and explains a day that has not begun', async () => {
    let runs = 0;
    const api = settlementServer({
      [pathOf(payAdminSettlementRun)]: () =>
        ++runs === 1
          ? ok([
              {
                provider: 'stripe',
                day: '2026-03-01',
                ran_at: '2026-03-02T05:00:00Z',
                payments: 41,
                mismatches: 2,
              },
            ])
          : fieldRefusal(['day', 'future']),
    });
    await renderOps('/pay/settlement');
    const day = await screen.findByLabelText(ops.settlement.day);
    fireEvent.change(day, { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: ops.settlement.run }));
    expect(await screen.findByText('2026-03-01 checked: 2 new differences.')).toBeTruthy();
    expect(bodyOf(api.to(pathOf(payAdminSettlementRun))[0])).toEqual({ day: '2026-03-01' });
    fireEvent.change(day, { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: ops.settlement.run }));
    expect(await screen.findByText(ops.settlement.error.future)).toBeTruthy();
  });

  it('shows the resolved ones with who resolved them and their note', async () => {
    const api = settlementServer();
    const { router } = await renderOps('/pay/settlement');
    await waitFor(() => rowOf(lost.provider_ref));
    fireEvent.click(screen.getByRole('radio', { name: ops.settlement.resolved }));
    await waitFor(() => expect(api.to(pathOf(payAdminSettlementPage))).toHaveLength(2));
    expect(api.to(pathOf(payAdminSettlementPage))[1]!.query.get('status')).toBe('resolved');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('resolved');
    const row = within(await waitFor(() => rowOf(done.provider_ref)));
    expect(row.getByText(/^Resolved by Ada Admin on .+: refunded at Stripe$/)).toBeTruthy();
    expect(row.queryByLabelText(`Mark ${done.provider_ref} resolved`)).toBeNull();
    expect(screen.queryByText(`stripe · ${lost.provider_ref}`)).toBeNull();
  });

  it('is for the catalog privilege only', async () => {
    const api = staffServer({}, sessionWith('faq'));
    await renderOps('/pay/settlement');
    expect(await screen.findByRole('heading', { name: admin.access.deniedTitle })).toBeTruthy();
    expect(api.to(pathOf(payAdminSettlementPage))).toHaveLength(0);
  });
});
