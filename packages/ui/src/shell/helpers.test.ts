import { describe, expect, it, vi } from 'vitest';
import { localHosts } from '@gp/config';
import { loadChunk, withTimeout } from './lazy-screen.ts';
import { h5RootFontSize } from './rem-scale.ts';
import { afterLogoutUrl, loginUrl, returnTarget } from './session.ts';
import { siteHref } from './site-link.tsx';

describe('h5RootFontSize', () => {
  it.each([
    [360, 16],
    [320, 14.22],
    [414, 18.4],
    [540, 24],
    [1024, 24], // capped at 1.5x
  ])('%i px wide -> %f px', (width, size) => {
    expect(h5RootFontSize(width)).toBe(size);
  });
});

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('loadChunk', () => {
  it('reloads the page once when a chunk fails, then shows the error', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const failing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    const first = loadChunk(failing, { storage, reload });
    await new Promise((r) => setTimeout(r, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    void first;
    await expect(loadChunk(failing, { storage, reload })).rejects.toThrow(/dynamically imported/);
    expect(reload).toHaveBeenCalledTimes(1);
    // A later success clears the mark, so a future failure may reload again.
    await loadChunk(() => Promise.resolve('ok'), { storage, reload });
    expect(storage.getItem('gp.chunkReloaded')).toBeNull();
  });

  it('gives up on a chunk that takes longer than the limit', async () => {
    await expect(withTimeout(() => new Promise(() => {}), 10)).rejects.toThrow(/timed out/);
  });
});

describe('session URLs', () => {
  const hosts = localHosts();
  it('sends desktop logouts to login with the page as redirect', () => {
    expect(afterLogoutUrl(hosts, false, new URL('http://localhost:8080/news?a=1'))).toBe(
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost:8080/news?a=1')}`,
    );
  });
  it.each([
    ['http://localhost:8080/service/h5/history', 'http://localhost:8080/service/h5'],
    ['http://localhost:8082/pay_h5/payorder', 'http://localhost:8082/pay_h5'],
    ['http://localhost:8082/pays_h5/payaffirm', 'http://localhost:8082/pays_h5'],
    ['http://localhost:8080/news/h5', 'http://localhost:8080/h5'],
  ])('H5 logout on %s lands on %s', (from, to) => {
    expect(afterLogoutUrl(hosts, true, new URL(from))).toBe(to);
  });
  it('builds the login URL of each form', () => {
    expect(loginUrl(hosts, true, 'http://localhost:8082/pay_h5/payorder')).toBe(
      'http://localhost:8081/login_h5?redirect=http%3A%2F%2Flocalhost%3A8082%2Fpay_h5%2Fpayorder',
    );
  });
});

describe('siteHref', () => {
  const hosts = localHosts();
  it('links within the host, to the H5 twin on H5 pages, and across hosts absolutely', () => {
    expect(siteHref('/news', { host: 'portal', hosts, h5: false })).toEqual({
      href: '/news',
      external: false,
    });
    expect(siteHref('/news?p=2', { host: 'portal', hosts, h5: true })).toEqual({
      href: '/news/h5?p=2',
      external: false,
    });
    expect(siteHref('/paygame/', { host: 'portal', hosts, h5: true })).toEqual({
      href: 'http://localhost:8082/pay_h5',
      external: true,
    });
    expect(siteHref('/account', { host: 'pay', hosts, h5: true })).toEqual({
      href: 'http://localhost:8081/account',
      external: true,
    });
  });
});

describe('returnTarget', () => {
  const hosts = localHosts();
  it.each([
    [
      '?redirect=' + encodeURIComponent('http://localhost:8080/service/history?tab=1'),
      'http://localhost:8080/service/history?tab=1',
    ],
    ['?gourl=' + encodeURIComponent('http://localhost:8082/pay_h5'), 'http://localhost:8082/pay_h5'],
    ['?redirect=' + encodeURIComponent('https://evil.example/'), 'http://localhost:8080/'],
    ['?redirect=//evil.example', 'http://localhost:8080/'],
    ['?redirect=javascript:alert(1)', 'http://localhost:8080/'],
    ['', 'http://localhost:8080/'],
  ])('%s -> %s', (search, target) => {
    expect(returnTarget(search, hosts, 'http://localhost:8081/login')).toBe(target);
  });
});
