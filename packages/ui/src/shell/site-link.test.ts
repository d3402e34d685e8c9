import { describe, expect, it } from 'vitest';
import { localHosts } from '@gp/config';
import { siteHref } from './site-link.tsx';

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
    expect(siteHref('/paygame/', { host: 'portal', hosts, h5: true }, 'th')).toEqual({
      href: 'http://localhost:8082/pay_h5?lang=th',
      external: true,
    });
    expect(siteHref('/account', { host: 'pay', hosts, h5: true }, 'vi')).toEqual({
      href: 'http://localhost:8081/account?lang=vi',
      external: true,
    });
  });
  it('carries the language to another host only', () => {
    expect(siteHref('/login?redirect=x', { host: 'portal', hosts, h5: false }, 'zh')).toEqual({
      href: 'http://localhost:8081/login?redirect=x&lang=zh',
      external: true,
    });
    expect(siteHref('/login?redirect=x', { host: 'passport', hosts, h5: false }, 'zh')).toEqual({
      href: '/login?redirect=x',
      external: false,
    });
  });
});
