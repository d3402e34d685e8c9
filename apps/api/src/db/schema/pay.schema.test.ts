import { describe, expect, it } from 'vitest';
import { payModes } from '@gp/contracts/pay';
import { payModeValues } from './pay.schema.ts';

describe('pay schema', () => {
  it('checks pay_mode against the payment modes of the contracts (spec 9)', () => {
    expect([...payModeValues]).toEqual([...payModes]);
  });
});
