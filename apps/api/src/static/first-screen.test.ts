/**
 * The portal's landing pages come with their first screen in the HTML, in the reader's language, read here as
 * a browser without scripts would (app.inject on the app host over the built portal, `pnpm build`).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { site } from '@gp/config';
import { formatDate, formatDateRange } from '@gp/i18n/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { buildAppHost, distDirOf } from './app-hosts.ts';
import { fillTemplate, inlineStylesheets, type InProcessApi } from './first-screen.ts';

const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** Every `<title>` of a document, its text unescaped as a browser reads it. */
const titlesOf = (html: string) =>
  [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text = '']) =>
    text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );

interface Envelope<T> {
  code: number;
  data: T;
}

describe('the page template', () => {
  const template =
    '<html lang="en"><head><title>JoyPeak Games</title>' +
    '<link rel="stylesheet" crossorigin href="/assets/style-a.css"></head>' +
    '<body><div id="root"></div></body></html>';
  const rendered = { htmlLang: 'th', h5: true, markup: '<p>x</p>', payload: '{}', head: '' };

  it('takes the rendered title as text', () => {
    const html = fillTemplate(template, { ...rendered, title: 'Q&A <b>1</b> | JoyPeak Games' });
    expect(html).toContain('<title>Q&amp;A &lt;b&gt;1&lt;/b&gt; | JoyPeak Games</title>');
    expect(titlesOf(html)).toEqual(['Q&A <b>1</b> | JoyPeak Games']);
  });

  it('puts the stylesheet inline, unless its text could end the element', () => {
    const css = '._a_1x{color:red}\n';
    expect(inlineStylesheets(template, () => css)).toContain(
      `<head><title>JoyPeak Games</title><style>${css}</style></head>`,
    );
    const closing = '._a_1x::after{content:"</style>"}';
    expect(inlineStylesheets(template, () => closing)).toBe(template);
  });
});

describe('first screen in the HTML (portal)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let host: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestApp();
    host = await buildAppHost('portal', ctx.app.log, distDirOf('portal'), { NODE_ENV: 'test' }, ctx.app);
  });
  afterAll(async () => {
    await host.close();
    await ctx.close();
  });

  const call = async <T>(url: string) => {
    const res = await ctx.app.inject({ url });
    const body = res.json<Envelope<T>>();
    expect(body.code, url).toBe(0);
    return body.data;
  };
  const page = (url: string, headers: Record<string, string>) =>
    host.inject({ url, headers: { host: 'portal.test', 'accept-encoding': 'identity', ...headers } });
  const rootOf = (html: string) =>
    /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1];
  const payloadOf = (html: string) =>
    JSON.parse(
      /<script type="application\/json" id="gp-first-screen">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as {
      lang: string;
      timeZone: string;
      loaderData: Record<string, unknown>;
    };

  it('renders /h5 on a phone in the Accept-Language language, with the banner preloaded', async () => {
    const res = await page('/h5', { 'user-agent': phone, 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers.vary).toMatch(/accept-language/);
    const html = res.body;
    expect(html).toMatch(/<html lang="th" data-h5="">/);
    // The title the shell sets in the browser, in the page's language, is there before any script runs.
    expect(titlesOf(html)).toEqual(['หน้าแรก | JoyPeak Games']);
    const root = rootOf(html);
    expect(root).toContain('เล่นเกม เติมเงิน และขอความช่วยเหลือได้ในที่เดียว');
    const banners = await call<{ title: string; image_h5: { url: string } }[]>('/web/home/banner?lang=th');
    expect(banners.length).toBeGreaterThan(0);
    expect(root).toContain(banners[0]!.title);
    expect(root).toContain(`src="${banners[0]!.image_h5.url}"`);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${banners[0]!.image_h5.url}" fetchpriority="high">`,
    );
    // The header and the first news headlines are there too.
    const top = await call<{ title: string }[]>('/web/news/top?lang=th&size=5');
    expect(root).toContain(top[0]!.title);
    expect(payloadOf(html).lang).toBe('th');
    // The styles stand inline in the head, so the first paint waits for no other request and is never unstyled:
    // every class of the markup is there, and the policy allows exactly these bytes.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const styles = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => css);
    expect(styles.length).toBe(1);
    const classes = new Set(
      [...root!.matchAll(/\sclass="([^"]+)"/g)].flatMap(([, c = '']) => c.split(/\s+/)),
    );
    expect(classes.size).toBeGreaterThan(10);
    for (const name of classes) expect(styles[0], name).toContain(`.${name}`);
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    const styleSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('style-src'));
    expect(styleSrc).toContain(`'sha256-${hash}'`);
    expect(styleSrc).not.toContain('unsafe-inline');
  });

  it('renders desktop / in the language the host cookie mirrors, over Accept-Language', async () => {
    const res = await page('/', {
      'user-agent': desktop,
      'accept-language': 'en-US,en',
      cookie: 'other=1; gp_lang_portal_test=vi',
    });
    const html = res.body;
    expect(html).toMatch(/<html lang="vi">/);
    expect(titlesOf(html)).toEqual(['Trang chủ | JoyPeak Games']);
    const banners = await call<{ title: string; image: { url: string } }[]>('/web/home/banner?lang=vi');
    expect(rootOf(html)).toContain(banners[0]!.title);
    expect(html).toContain(`<link rel="preload" as="image" href="${banners[0]!.image.url}"`);
    expect(rootOf(html)).toContain('<h1');
  });

  it("writes the dates in the browser's zone its cookie names, else in the site's", async () => {
    /** Every `<time>` of the page, and whether its text is its moment written in `zone`. */
    const render = async (cookie?: string) => {
      const html = (
        await page('/', { 'user-agent': desktop, 'accept-language': 'en', ...(cookie ? { cookie } : {}) })
      ).body;
      const times = [...rootOf(html)!.matchAll(/<time[^>]*datetime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)].map(
        ([, at = '', text]) => ({ at, text }),
      );
      return { times, zone: payloadOf(html).timeZone };
    };
    // A moment, or a period as `start/end` (events).
    const writtenIn = (times: { at: string; text?: string }[], timeZone: string) =>
      times.map(({ at }) => {
        const [start = '', end] = at.split('/');
        const text = end
          ? formatDateRange(start, end, 'en', { timeZone })
          : formatDate(start, 'en', { timeZone });
        return { at, text };
      });
    // 14 hours ahead of UTC and 11 behind: every moment falls on two different dates there.
    const east = await render('gp_tz=Pacific%2FKiritimati');
    expect(east.zone).toBe('Pacific/Kiritimati');
    expect(east.times.length).toBeGreaterThan(0);
    expect(east.times).toEqual(writtenIn(east.times, 'Pacific/Kiritimati'));
    const west = await render('gp_tz=Pacific/Pago_Pago');
    expect(west.zone).toBe('Pacific/Pago_Pago');
    expect(west.times).toEqual(writtenIn(west.times, 'Pacific/Pago_Pago'));
    expect(west.times).not.toEqual(east.times);
    // No cookie, or one that names no zone: the site's (SITE_TIME_ZONE).
    for (const cookie of [undefined, 'gp_tz=Mars%2FOlympus', 'gp_tz=%E0%A4%A']) {
      const site = await render(cookie);
      expect(site.zone, cookie).toBe('Asia/Bangkok');
      expect(site.times, cookie).toEqual(writtenIn(site.times, 'Asia/Bangkok'));
    }
  });

  it('renders /news/h5 with its heading and first news item', async () => {
    const res = await page('/news/h5', { 'user-agent': phone, 'accept-language': 'zh-TW,zh;q=0.9' });
    const html = res.body;
    expect(html).toMatch(/<html lang="zh-Hant" data-h5="">/);
    expect(titlesOf(html)).toEqual(['最新消息 | JoyPeak Games']);
    const news = await call<{ list: { title: string }[] }>('/web/news/page?lang=zh&page_num=1&page_size=10');
    expect(news.list.length).toBeGreaterThan(0);
    expect(rootOf(html)).toContain(news.list[0]!.title);
    expect(rootOf(html)).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('keeps the data it embeds inert: no "<" inside the JSON, no new inline script to hash', async () => {
    const res = await page('/h5', { 'user-agent': phone });
    const html = res.body;
    const json = /id="gp-first-screen">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    // The policy refuses style attributes in markup (style-src 'self'): the server's first screen has none.
    for (const url of ['/h5', '/news/h5']) {
      expect(rootOf((await page(url, { 'user-agent': phone })).body)).not.toMatch(/\sstyle=/);
    }
    expect(rootOf((await page('/', { 'user-agent': desktop })).body)).not.toMatch(/\sstyle=/);
    const template = (await page('/service/h5', { 'user-agent': phone })).body;
    const inline = (text: string) =>
      [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes = '']) => !/\b(src|type)=/.test(attributes))
        .map(([, , body = '']) => body);
    // Every script the page runs inline is one the build wrote, allowed by its hash.
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'));
    expect(inline(html).length).toBeGreaterThan(0);
    for (const body of inline(html)) {
      expect(inline(template)).toContain(body);
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  });

  it('starts no script before the first paint: the entry and its preloads wait for the loader', async () => {
    const html = (await page('/h5', { 'user-agent': phone, 'accept-language': 'en' })).body;
    const template = (await page('/service/h5', { 'user-agent': phone })).body;
    expect(html).not.toMatch(/<script\b[^>]*type="module"|rel="modulepreload"/);
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
    expect(html).toContain(`<script type="gp/after-paint" data-after-paint src="${entry}"></script>`);
    const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
    expect(preloads.length).toBeGreaterThan(0);
    for (const [, href] of preloads) {
      expect(html).toContain(`<link rel="gp-after-paint" data-after-paint href="${href}">`);
    }
    // The home screen's own files too, in place of the inline map the plain shell preloads them from.
    expect(html).toMatch(/<link rel="gp-after-paint" data-after-paint href="\/assets\/home-[^"]+\.js">/);
    expect(html).not.toContain('data-screen-preloads');
    expect(template).toContain('<script data-screen-preloads>');
    // The build's loader, after the first screen's markup and data.
    const loader = [...html.matchAll(/<script>\(function\(d\)\{[^<]*\[data-after-paint\][^<]*<\/script>/g)];
    expect(loader).toHaveLength(1);
    expect(loader[0]!.index).toBeGreaterThan(html.indexOf('id="gp-first-screen"'));
  });

  it("makes the page's API calls in the visitor's name, as the proxy in front names the visitor", async () => {
    const seen: (string | undefined)[] = [];
    const recording: InProcessApi = {
      inject: ((options: InjectOptions) => {
        seen.push(options.remoteAddress);
        return ctx.app.inject(options);
      }) as InProcessApi['inject'],
    };
    const behindProxy = await buildAppHost(
      'portal',
      ctx.app.log,
      distDirOf('portal'),
      { NODE_ENV: 'test', trustedProxies: { kind: 'list', entries: ['127.0.0.1'] } },
      recording,
    );
    try {
      const res = await behindProxy.inject({
        url: '/h5',
        headers: { host: 'portal.test', 'user-agent': phone, 'x-forwarded-for': '203.0.113.7' },
      });
      expect(res.statusCode).toBe(200);
      expect(seen.length).toBeGreaterThan(0);
      // Each visitor has a rate limit of their own, not one loopback address shared by every render.
      expect(new Set(seen)).toEqual(new Set(['203.0.113.7']));
    } finally {
      await behindProxy.close();
    }
  });

  it('leaves pages it does not render to the browser, and sends the other form to the browser too', async () => {
    const service = await page('/service/h5', { 'user-agent': phone });
    expect(service.body).toContain('<div id="root"></div>');
    // The plain shell links its stylesheet (cached across pages) and keeps the build's title.
    expect(service.body).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/);
    expect(service.body).not.toContain('<style>');
    expect(titlesOf(service.body)).toEqual(['JoyPeak Games']);
    // A desktop asking for the H5 home is moved to / by the router in the browser, as before.
    const twin = await page('/h5', { 'user-agent': desktop });
    expect(twin.body).toContain('<div id="root"></div>');
  });
});

describe('first screen in the HTML (passport and pay)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let passport: FastifyInstance;
  let pay: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestApp();
    passport = await buildAppHost(
      'passport',
      ctx.app.log,
      distDirOf('passport'),
      { NODE_ENV: 'test' },
      ctx.app,
    );
    pay = await buildAppHost('pay', ctx.app.log, distDirOf('pay'), { NODE_ENV: 'test' }, ctx.app);
  });
  afterAll(async () => {
    await passport.close();
    await pay.close();
    await ctx.close();
  });

  const rootOf = (html: string) =>
    /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';

  it('renders the login form shell and heading, H5 and desktop, in the requested language', async () => {
    const h5 = await passport.inject({
      url: '/login_h5',
      headers: { host: 'passport.test', 'user-agent': phone, 'accept-language': 'th' },
    });
    expect(h5.body).toMatch(/<html lang="th" data-h5="">/);
    expect(titlesOf(h5.body)).toEqual(['เข้าสู่ระบบ | JoyPeak Games']);
    expect(rootOf(h5.body)).toContain('เข้าสู่ระบบ JoyPeak Games');
    expect(rootOf(h5.body)).toMatch(/<form[\s\S]*<input[\s\S]*type="password"/);
    const desktopPage = await passport.inject({
      url: '/login',
      headers: { host: 'passport.test', 'user-agent': desktop, cookie: 'gp_lang_passport_test=vi' },
    });
    expect(desktopPage.body).toMatch(/<html lang="vi">/);
    expect(titlesOf(desktopPage.body)).toEqual(['Đăng nhập | JoyPeak Games']);
    expect(rootOf(desktopPage.body)).toContain('Đăng nhập JoyPeak Games');
  });

  it('renders the H5 top-up start with its heading and the game list', async () => {
    const res = await pay.inject({
      url: '/pay_h5',
      headers: { host: 'pay.test', 'user-agent': phone, 'accept-language': 'vi-VN' },
    });
    expect(res.body).toMatch(/<html lang="vi" data-h5="">/);
    expect(titlesOf(res.body)).toEqual(['Nạp tiền | JoyPeak Games']);
    const root = rootOf(res.body);
    expect(root).toContain('Nạp tiền vào game');
    // /pay_h5 is the regional web pay (spec 9), the game list of the site's distribution region.
    const region = site.distributionRegion;
    const games = (
      await ctx.app.inject({ url: `/pay/api/komoe/webpay/game_list?distribution_region=${region}&lang=vi` })
    ).json<{ data: { game_name: string }[] }>();
    expect(games.data.length).toBeGreaterThan(0);
    expect(root).toContain(games.data[0]!.game_name);
  });

  it('renders the desktop top-up start with its heading and the game list', async () => {
    const res = await pay.inject({
      url: '/paygame/',
      headers: { host: 'pay.test', 'user-agent': desktop, 'accept-language': 'th-TH' },
    });
    expect(res.body).toMatch(/<html lang="th">/);
    expect(titlesOf(res.body)).toEqual(['เติมเงิน | JoyPeak Games']);
    const root = rootOf(res.body);
    expect(root).toContain('เติมเงินเกม');
    const games = (
      await ctx.app.inject({
        url: `/pay/api/komoe/webpay/game_list?distribution_region=${site.distributionRegion}&lang=th`,
      })
    ).json<{ data: { game_name: string }[] }>();
    expect(root).toContain(games.data[0]!.game_name);
  });

  it("renders a game link's game chosen, for that visitor only", async () => {
    const games = (
      await ctx.app.inject({
        url: `/pay/api/komoe/webpay/game_list?distribution_region=${site.distributionRegion}&lang=en`,
      })
    ).json<{ data: { game_base_id: number }[] }>();
    const headers = { host: 'pay.test', 'user-agent': desktop, 'accept-language': 'en' };
    const linked = await pay.inject({ url: `/paygame/?game=${games.data[0]!.game_base_id}`, headers });
    // A visitor with a game chosen is asked to log in (the browser's takeover draws the same).
    expect(rootOf(linked.body)).toContain('aria-labelledby="login-needed"');
    expect(rootOf(linked.body)).toMatch(/<input[^>]*type="radio"[^>]*checked/);
    // The next visitor's page has no game chosen: the server keeps nobody's choices.
    const next = await pay.inject({ url: '/paygame/', headers });
    expect(rootOf(next.body)).not.toContain('login-needed');
    expect(rootOf(next.body)).not.toMatch(/<input[^>]*type="radio"[^>]*checked/);
  });
});
