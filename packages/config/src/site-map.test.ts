import { describe, expect, it } from 'vitest';
import { buildPath, matchSiteRoute, routesOfHost, siteRoutes } from './site-map.ts';

describe('site map', () => {
  it('has unique ids and unique paths', () => {
    expect(new Set(siteRoutes.map((r) => r.id)).size).toBe(siteRoutes.length);
    expect(new Set(siteRoutes.map((r) => r.path)).size).toBe(siteRoutes.length);
  });

  it('gives every desktop route an H5 twin that points back', () => {
    for (const route of siteRoutes.filter((r) => r.form === 'desktop')) {
      const twin = siteRoutes.find((r) => r.path === route.twin);
      expect(twin?.form, route.id).toBe('h5');
      expect(twin?.twin, route.id).toBe(route.path);
      expect(twin?.requiresLogin, route.id).toBe(route.requiresLogin);
    }
  });

  it('gives every H5 route a desktop twin with the same params', () => {
    for (const route of siteRoutes.filter((r) => r.form === 'h5')) {
      const twin = siteRoutes.find((r) => r.path === route.twin);
      expect(twin?.form, route.id).toBe('desktop');
      const params = (p: string) => p.split('/').filter((s) => s.startsWith(':'));
      expect(
        params(twin!.path).every((p) => params(route.path).includes(p)),
        route.id,
      ).toBe(true);
    }
  });

  it('covers every route of spec section 2', () => {
    const spec = [
      '/',
      '/h5',
      '/about',
      '/about/h5',
      '/terms',
      '/terms/h5',
      '/news',
      '/news-detail/1',
      '/news-pre-detail/1',
      '/news/h5',
      '/news-detail/h5/1',
      '/news-pre-detail/h5/1',
      '/active',
      '/active-detail/1',
      '/active-pre-detail/1',
      '/active/h5',
      '/active-detail/h5/1',
      '/active-pre-detail/h5/1',
      '/siteinfo',
      '/siteinfo/h5',
      '/tokusyouhou',
      '/tokusyouhou/h5',
      '/login',
      '/login_h5',
      '/signup',
      '/signup_h5',
      '/findpwd',
      '/findpwd_h5',
      '/account',
      '/apple_return_url',
      '/paygame/',
      '/paygame_history/',
      '/service',
      '/service/history',
      '/service/info',
      '/service/order_detail',
      '/service/question',
      '/service/requestion',
      '/service/h5',
      '/service/h5/history',
      '/service/h5/info',
      '/service/h5/order_detail',
      '/service/h5/question',
      '/service/h5/requestion',
      '/gamelist_h5',
      '/fans_h5',
      ...['/pay_h5', '/pays_h5'].flatMap((base) => [
        base,
        ...['pg_record', 'setoutpay', 'payorder', 'paycomplete', 'paysucceed', 'payaffirm'].map(
          (p) => `${base}/${p}`,
        ),
      ]),
    ];
    for (const path of spec) expect(matchSiteRoute(path), path).toBeDefined();
  });

  it('needs login on every top-up sub-page and every service page but the first (spec 2)', () => {
    const login = (path: string) => matchSiteRoute(path)!.route.requiresLogin;
    expect(['/pay_h5', '/pays_h5', '/service', '/service/h5', '/paygame'].map(login)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    for (const path of siteRoutes
      .map((r) => r.path)
      .filter((p) => /^\/pays?_h5\/|^\/service\/(?!h5$)/.test(p))) {
      expect(login(path), path).toBe(true);
    }
  });

  it('prefers literal segments: /news-detail/h5/7 is the H5 detail of 7', () => {
    expect(matchSiteRoute('/news-detail/h5/7')).toMatchObject({
      route: { id: 'newsDetailH5' },
      params: { id: '7' },
    });
    expect(matchSiteRoute('/news-detail/7/')).toMatchObject({
      route: { id: 'newsDetail' },
      params: { id: '7' },
    });
    expect(matchSiteRoute('/nope')).toBeUndefined();
  });

  it('puts login pages on passport and top-up pages on pay', () => {
    expect(routesOfHost('passport').map((r) => r.path)).toEqual([
      '/login',
      '/login_h5',
      '/signup',
      '/signup_h5',
      '/findpwd',
      '/findpwd_h5',
      '/account',
      '/apple_return_url',
    ]);
    expect(routesOfHost('pay').every((r) => /^\/(paygame|pays?_h5)/.test(r.path))).toBe(true);
  });

  it('builds paths with encoded params', () => {
    expect(buildPath('/news-detail/h5/:id', { id: 'a b' })).toBe('/news-detail/h5/a%20b');
    expect(() => buildPath('/news-detail/:id', {})).toThrow(/missing :id/);
  });
});
