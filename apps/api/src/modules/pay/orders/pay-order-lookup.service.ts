/**
 * Lookup without login: an order number and the e-mail or phone number of the account that made it show the
 * order's state and timeline on the pay host. Nothing tells a wrong number from a wrong address: both are the
 * same one-statement read and the same refusal (40), so the call cannot be used to learn which order numbers
 * exist or which addresses have an account. Every try, right or wrong, takes a slot of two counted limits
 * (passport/counted-limits.ts: checked and counted in one statement, race-free across processes): per client
 * address, and per order number (one order cannot be guessed at from many addresses).
 */
import { codes } from '@gp/errors';
import type { PayOrderLookedUp } from '@gp/contracts/pay';
import type { Clock } from '../../../config/clock.ts';
import { AppError } from '../../../http/app-error.ts';
import { withinLimits, type LockoutRepository } from '../../sessions/index.ts';
import { addressLimitKey, addressLimits } from '../../rate-limit/index.ts';
import { payError } from '../catalog/pay-catalog.service.ts';
import type { PayOrderRepository } from './pay-order.repository.ts';
import type { PayOrderService } from './pay-order.service.ts';

export const lookupLimits = {
  windowMs: addressLimits.orderLookups.windowMs,
  /** Tries of one client address in the window: a ceiling a carrier's shared address never reaches honestly. */
  perAddress: addressLimits.orderLookups.ceiling,
  /** Tries of one order number in the window, from any address. */
  perOrder: 10,
};

/** The contact an account can be found by: an e-mail (lower-cased) or a phone number (digits, E.164 sans plus). */
export function contactOf(account: string): { email: string } | { phone: string } {
  const trimmed = account.trim();
  if (trimmed.includes('@')) return { email: trimmed.toLowerCase() };
  return { phone: trimmed.replace(/[\s().+-]/g, '') };
}

/**
 * A character name as the lookup shows it: the first and last characters, the rest masked (`Lu****a`); one or two
 * characters keep only the first. Characters, not UTF-16 units, so Thai or Chinese names mask cleanly.
 */
export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}${'*'.repeat(Math.max(0, chars.length - 1))}`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 6))}${chars.at(-1)}`;
}

export class PayOrderLookupService {
  constructor(
    private readonly deps: {
      repo: PayOrderRepository;
      orders: PayOrderService;
      counters: LockoutRepository;
      now: Clock;
    },
  ) {}

  async lookup(input: {
    orderNo: string;
    account: string;
    clientAddress: string;
    lang: string;
  }): Promise<PayOrderLookedUp> {
    const now = this.deps.now();
    const tooFrequent = () => new AppError(codes.tooFrequent, { domain: 'common', status: 429 });
    const limit = (key: string, max: number) => ({
      key,
      windowMs: lookupLimits.windowMs,
      max,
      refusal: tooFrequent,
    });
    // The work answers rather than throws when nothing matches: a wrong try keeps its slots.
    const found = await withinLimits(
      this.deps.counters,
      [
        limit(`pay-lookup-ip:${addressLimitKey(input.clientAddress)}`, lookupLimits.perAddress),
        limit(`pay-lookup-order:${input.orderNo.toUpperCase()}`, lookupLimits.perOrder),
      ],
      now,
      () => this.deps.repo.byOrderNoAndContact(input.orderNo, contactOf(input.account)),
    );
    if (!found) throw payError(codes.payLookupNoMatch);
    const {
      pay_order_no: _provider,
      cp_role_id: _role,
      ...shown
    } = await this.deps.orders.tracked(found, input.lang);
    return { ...shown, role_name: maskName(shown.role_name) };
  }
}
