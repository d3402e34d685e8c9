import { describe, expect, it } from 'vitest';
import { parseQueueQuery, queueSearch, withFilters } from './queue-query.ts';

describe('queue query in the URL', () => {
  it('reads filters, sorting and paging, with the defaults for what is absent', () => {
    const query = parseQueueQuery(
      new URLSearchParams(
        'work_order_status=2&uid=42&question_keyword=%20refund%20&order_key=created_at&order_type=asc&page_num=3',
      ),
    );
    expect(query).toEqual({
      work_order_status: 2,
      uid: 42,
      question_keyword: 'refund',
      order_key: 'created_at',
      order_type: 'asc',
      page_num: 3,
      page_size: 20,
    });
  });

  it('drops values that break their rule instead of sending them', () => {
    const query = parseQueueQuery(
      new URLSearchParams(
        'work_order_status=7&uid=-1&reply_status=x&start_time=yesterday&order_key=drop&page_size=500',
      ),
    );
    expect(query).toEqual({ order_key: 'last_asked_at', order_type: 'desc', page_num: 1, page_size: 20 });
  });

  it('writes short links that read back to the same query', () => {
    const query = parseQueueQuery(new URLSearchParams('reply_status=0&page_size=50'));
    expect(queueSearch(query).toString()).toBe('reply_status=0&page_size=50');
    const next = withFilters({ ...query, page_num: 4 }, { game_base_id: 2, operator_name: '' });
    expect(next).toEqual({
      game_base_id: 2,
      order_key: 'last_asked_at',
      order_type: 'desc',
      page_num: 1,
      page_size: 50,
    });
    expect(parseQueueQuery(queueSearch(next))).toEqual(next);
  });
});
