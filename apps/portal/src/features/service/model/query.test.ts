import { describe, expect, it } from 'vitest';
import { pageParam, positiveInt, statusParam, withQuery } from './query.ts';

describe('service URL parameters', () => {
  it('reads positive whole numbers only', () => {
    expect(positiveInt('12')).toBe(12);
    expect(positiveInt(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '1e3', '9999999999'])
      expect(positiveInt(bad)).toBeUndefined();
  });

  it('reads the page (1 by default) and a status of 0..3 (all otherwise)', () => {
    expect(pageParam(new URLSearchParams('page=3'))).toBe(3);
    expect(pageParam(new URLSearchParams('page=x'))).toBe(1);
    expect(statusParam(new URLSearchParams('status=0'))).toBe(0);
    expect(statusParam(new URLSearchParams('status=3'))).toBe(3);
    expect(statusParam(new URLSearchParams('status=4'))).toBeUndefined();
    expect(statusParam(new URLSearchParams('status='))).toBeUndefined();
    expect(statusParam(new URLSearchParams(''))).toBeUndefined();
  });

  it('writes paths without empty parameters or page 1', () => {
    expect(withQuery('/service', { game: 2, type: undefined, q: '', page: 1 })).toBe('/service?game=2');
    expect(withQuery('/service', { q: 'top up', page: 2 })).toBe('/service?q=top+up&page=2');
    expect(withQuery('/service/history', {})).toBe('/service/history');
  });
});
