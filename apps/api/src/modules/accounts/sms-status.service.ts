/**
 * What staff see of the SMS cost guards: today's count against the budget, the caps in force, and the calling
 * codes sent to most today. The counters are the guards' own (verification-code.service.ts).
 */
import type { SmsAdminStatusData } from '@gp/contracts/sms-admin';
import type { Clock } from '../../config/clock.ts';
import type { LockoutRepository } from '../sessions/index.ts';
import { smsDayKeys, utcDay, type SmsGuards } from './verification-code.service.ts';

export class SmsStatusService {
  constructor(
    private readonly counters: LockoutRepository,
    private readonly guards: SmsGuards,
    private readonly now: Clock,
  ) {}

  async today(): Promise<SmsAdminStatusData> {
    const day = utcDay(this.now());
    const keys = smsDayKeys(day);
    const [budget] = await this.counters.find([keys.budget]);
    const prefixKey = keys.prefix('');
    const top = await this.counters.largestStartingWith(prefixKey, 10);
    const sent = budget?.failures ?? 0;
    return {
      day,
      sent,
      budget: this.guards.dailyBudget,
      exhausted: sent >= this.guards.dailyBudget,
      caps: {
        per_number: this.guards.perNumberPerDay,
        per_address: this.guards.perAddressPerDay,
        per_prefix: this.guards.perPrefixPerDay,
      },
      prefixes: top.map((row) => ({ calling_code: row.key.slice(prefixKey.length), sent: row.count })),
    };
  }
}
