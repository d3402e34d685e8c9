/**
 * One retention round: blank the codes and links of messages whose secret has expired, then delete, rule by
 * rule, the rows past their retention (retention.policy.ts), in batches of `batchSize` until a batch comes
 * back short, at most `maxBatchesPerRound` batches per rule (the next round goes on), and not one batch more
 * once `stop` asks.
 */
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { outbox } from '../messaging/index.ts';
import { retentionPolicy, type RetentionRule } from './retention.policy.ts';
import { RetentionRepository } from './retention.repository.ts';

export type RetentionCounts = Record<RetentionRule | 'scrubbedMessages', number>;

export interface RetentionOptions {
  now: Clock;
  batchSize?: number;
  maxBatchesPerRound?: number;
}

export class RetentionService {
  private readonly repo: RetentionRepository;
  private readonly batchSize: number;
  private readonly maxBatches: number;

  constructor(
    private readonly db: Db,
    private readonly options: RetentionOptions,
  ) {
    this.repo = new RetentionRepository(db);
    this.batchSize = options.batchSize ?? retentionPolicy.batchSize;
    this.maxBatches = options.maxBatchesPerRound ?? retentionPolicy.maxBatchesPerRound;
  }

  /** `stopping`: asked between batches; true ends the round early (the rest waits for the next). */
  async runOnce(stopping: () => boolean = () => false): Promise<RetentionCounts> {
    const now = this.options.now();
    const batches = async (batch: () => Promise<number>) => {
      let total = 0;
      for (let i = 0; i < this.maxBatches && !stopping(); i++) {
        const n = await batch();
        total += n;
        if (n < this.batchSize) break;
      }
      return total;
    };
    const counts = {
      scrubbedMessages: await batches(() => outbox.scrubExpired(this.db, now, this.batchSize)),
    } as RetentionCounts;
    for (const [rule, keepMs] of Object.entries(retentionPolicy.keepAfterEnd) as [RetentionRule, number][]) {
      const cutoff = new Date(now.getTime() - keepMs);
      counts[rule] = await batches(() => this.repo.purgeBatch(rule, cutoff, now, this.batchSize));
    }
    return counts;
  }
}
