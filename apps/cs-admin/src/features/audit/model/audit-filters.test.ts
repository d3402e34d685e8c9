import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  auditFiltersFromUrl,
  auditFiltersToSearch,
  auditQueryOf,
  rangeFilters,
  rangeValues,
} from './audit-filters.ts';

describe('audit filters', () => {
  it('a picked range keeps the end minute: the exclusive end is the minute after, in UTC ISO', () => {
    const start = dayjs(new Date(2026, 2, 1, 0, 0, 30));
    const end = dayjs(new Date(2026, 2, 1, 23, 59, 45));
    const range = rangeFilters(start, end);
    expect(range).toEqual({
      from: new Date(2026, 2, 1, 0, 0, 0).toISOString(),
      to: new Date(2026, 2, 2, 0, 0, 0).toISOString(),
    });
    // Shown again as picked (to the minute).
    const [from, to] = rangeValues({ page: 1, ...range })!;
    expect(from!.valueOf()).toBe(new Date(2026, 2, 1, 0, 0).valueOf());
    expect(to!.valueOf()).toBe(new Date(2026, 2, 1, 23, 59).valueOf());
  });

  it('an open-ended range sends only its side', () => {
    expect(rangeFilters(null, dayjs(new Date(2026, 0, 5, 10, 0)))).toEqual({
      to: new Date(2026, 0, 5, 10, 1).toISOString(),
    });
    expect(rangeValues({ page: 1 })).toBeNull();
  });

  it('round-trips through the URL and becomes the contract query', () => {
    const filters = {
      actor: 'Bob',
      action: 'staff.account.block' as const,
      target_type: 'staff_account',
      target_id: 'ann',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
      page: 3,
    };
    const url = new URL(`http://x/audit?${auditFiltersToSearch(filters).toString()}`);
    expect(auditFiltersFromUrl(url)).toEqual(filters);
    expect(auditQueryOf(filters)).toEqual({
      actor: 'bob',
      action: 'staff.account.block',
      target_type: 'staff_account',
      target_id: 'ann',
      start_time: '2026-03-01T00:00:00.000Z',
      end_time: '2026-03-02T00:00:00.000Z',
      page_num: 3,
      page_size: 20,
    });
  });

  it('drops what the contract would refuse: unknown actions, bad times and pages', () => {
    const url = new URL('http://x/audit?action=drop.tables&from=yesterday&page=-4&actor=%20%20');
    expect(auditFiltersFromUrl(url)).toEqual({ page: 1 });
  });
});
