import { describe, expect, it, vi } from 'vitest';
import { orderOfQuery } from './place.ts';

describe('orderOfQuery', () => {
  it('takes both numbers from the query without asking', async () => {
    const detail = vi.fn();
    expect(await orderOfQuery('?order_no=GP1&pay_order_no=pr-1', detail)).toEqual({
      order_no: 'GP1',
      pay_order_no: 'pr-1',
    });
    expect(detail).not.toHaveBeenCalled();
  });

  it("asks the member's order for the payment number when the query has our number alone", async () => {
    const detail = vi.fn(async (orderNo: string) => ({ order_no: orderNo, pay_order_no: 'pr-9' }));
    expect(await orderOfQuery('?order_no=GP9&checkout=success', detail)).toEqual({
      order_no: 'GP9',
      pay_order_no: 'pr-9',
    });
    expect(detail).toHaveBeenCalledWith('GP9');
  });

  it("is undefined with no order number, or one that is not the member's", async () => {
    expect(await orderOfQuery('?game=3', vi.fn())).toBeUndefined();
    const refused = vi.fn(async () => {
      throw new Error('14');
    });
    expect(await orderOfQuery('?order_no=GP2', refused)).toBeUndefined();
  });
});
