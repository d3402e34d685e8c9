import { describe, expect, it } from 'vitest';
import { orderStates, statusOfState } from '@gp/contracts/pay';
import { payOrderStateValues } from '../../../db/schema/pay-order.schema.ts';
import { awaitingProvider, enteredFrom, mayMove, orderStateRank, paidStates } from './order-state.ts';

describe('order state machine', () => {
  it('knows the states of the contracts, and the table checks the same list', () => {
    expect(Object.keys(orderStateRank).sort()).toEqual([...orderStates].sort());
    expect([...payOrderStateValues].sort()).toEqual([...orderStates].sort());
  });

  it('only ever moves forwards: every allowed move raises the rank, so no cycle exists', () => {
    for (const to of orderStates) {
      for (const from of enteredFrom[to]) {
        expect(orderStateRank[to], `${from} -> ${to}`).toBeGreaterThan(orderStateRank[from]);
      }
    }
  });

  it('never takes a paid order back to failed or expired, nor a delivered one back to delivering', () => {
    for (const from of paidStates) {
      expect(mayMove(from, 'failed')).toBe(false);
      expect(mayMove(from, 'expired')).toBe(false);
      expect(mayMove(from, 'awaiting_payment')).toBe(false);
    }
    expect(mayMove('delivered', 'delivering')).toBe(false);
    expect(mayMove('delivered', 'paid')).toBe(false);
  });

  it('lets a payment the provider confirms late win over expired and failed', () => {
    expect(mayMove('expired', 'paid')).toBe(true);
    expect(mayMove('failed', 'paid')).toBe(true);
    expect(mayMove('expired', 'failed')).toBe(false);
    expect(awaitingProvider.every((s) => mayMove(s, 'paid'))).toBe(true);
  });

  it('shows players pending, success or failed', () => {
    expect(orderStates.map((s) => [s, statusOfState(s)])).toEqual([
      ['created', 'pending'],
      ['awaiting_payment', 'pending'],
      ['paid', 'pending'],
      ['delivering', 'pending'],
      ['delivered', 'success'],
      ['failed', 'failed'],
      ['expired', 'failed'],
      ['refunded', 'failed'],
    ]);
  });
});
