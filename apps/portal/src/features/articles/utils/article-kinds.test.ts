import { describe, expect, it } from 'vitest';
import { listHref, parseArticleId, parseListQuery } from './article-kinds.ts';
import { activityStatus } from './activity-status.ts';

const q = (search: string) => new URLSearchParams(search);

describe('parseListQuery', () => {
  it('reads page and category', () => {
    expect(parseListQuery(q('page=3&category=update'), 'news')).toEqual({ page: 3, category: 'update' });
    expect(parseListQuery(q('category=tournament'), 'activity')).toEqual({ page: 1, category: 'tournament' });
  });
  it('falls back to page 1 and all categories for anything else', () => {
    for (const bad of ['page=0', 'page=-2', 'page=2.5', 'page=abc', 'page=', 'page=9999999'])
      expect(parseListQuery(q(bad), 'news').page).toBe(1);
    expect(parseListQuery(q('page=123456'), 'news').page).toBe(10_000);
    expect(parseListQuery(q('category=campaign'), 'news').category).toBeUndefined();
    expect(parseListQuery(q('category=<script>'), 'activity').category).toBeUndefined();
  });
});

describe('listHref', () => {
  it('leaves page 1 and all categories out of the URL', () => {
    expect(listHref('news', { page: 1, category: undefined })).toBe('/news');
    expect(listHref('activity', { page: 2, category: 'event' })).toBe('/active?category=event&page=2');
  });
});

describe('parseArticleId', () => {
  it('accepts positive whole numbers the API takes', () => {
    expect(parseArticleId('15')).toBe(15);
    for (const bad of [undefined, '', '0', '-1', '1e3', 'abc', '2147483648', '99999999999'])
      expect(parseArticleId(bad)).toBeUndefined();
  });
});

describe('activityStatus', () => {
  const start = '2026-12-02T02:00:00Z';
  const end = '2026-12-15T15:59:00Z';
  it('is upcoming before the start, ongoing within, ended after', () => {
    expect(activityStatus(start, end, Date.parse('2026-12-01T00:00:00Z'))).toBe('upcoming');
    expect(activityStatus(start, end, Date.parse('2026-12-02T02:00:00Z'))).toBe('ongoing');
    expect(activityStatus(start, end, Date.parse('2026-12-15T16:00:00Z'))).toBe('ended');
  });
  it('has none without a period', () => {
    expect(activityStatus(null, null)).toBeUndefined();
  });
});
