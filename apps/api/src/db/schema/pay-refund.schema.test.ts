import { describe, expect, it } from 'vitest';
import { refundReasons, reversalStatuses } from '@gp/contracts/pay';
import { refundReasonValues, reversalStatusValues } from './pay-refund.schema.ts';

describe('pay-refund schema', () => {
  it('keeps the reason codes and reversal statuses of @gp/contracts/pay (the check constraints allow those)', () => {
    expect([...refundReasonValues]).toEqual([...refundReasons]);
    expect([...reversalStatusValues]).toEqual([...reversalStatuses]);
  });
});
