import { describe, expect, it } from 'vitest';
import { seqScans, type PlanNode } from './explain.ts';

describe('seqScans', () => {
  it('finds sequential scans at any depth of a plan, and only those', () => {
    const plan: PlanNode = {
      'Node Type': 'Limit',
      Plans: [
        {
          'Node Type': 'Nested Loop',
          Plans: [
            { 'Node Type': 'Index Scan', 'Relation Name': 'cs_work_order' },
            {
              'Node Type': 'Hash Join',
              Plans: [
                { 'Node Type': 'Seq Scan', 'Relation Name': 'member' },
                { 'Node Type': 'Bitmap Heap Scan', 'Relation Name': 'pay_order' },
              ],
            },
          ],
        },
      ],
    };
    expect(seqScans(plan)).toEqual(['member']);
    expect(seqScans({ 'Node Type': 'Index Only Scan', 'Relation Name': 'member' })).toEqual([]);
  });
});
