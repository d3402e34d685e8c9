/**
 * Issue 21: the portal's landing pages come with their first screen in the HTML, in the reader's language, read
 * here as a browser without scripts would (app.inject on the app host over the built portal, `pnpm build`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { buildAppHost, distDirOf } from './app-hosts.ts';

const phone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

interface Envelope<T> {
  code: number;
  data: T;
}

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
      loaderData: Record<string, unknown>;
    };

  it('renders /h5 on a phone in the Accept-Language language, with the banner preloaded', async () => {
    const res = await page('/h5', { 'user-agent': phone, 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers.vary).toMatch(/accept-language/);
    const html = res.body;
    expect(html).toMatch(/<html lang="th" data-h5="">/);
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
  });

  it('renders desktop / in the language the host cookie mirrors, over Accept-Language', async () => {
    const res = await page('/', {
      'user-agent': desktop,
      'accept-language': 'en-US,en',
      cookie: 'other=1; gp_lang_portal_test=vi',
    });
    const html = res.body;
    expect(html).toMatch(/<html lang="vi">/);
    const banners = await call<{ title: string; image: { url: string } }[]>('/web/home/banner?lang=vi');
    expect(rootOf(html)).toContain(banners[0]!.title);
    expect(html).toContain(`<link rel="preload" as="image" href="${banners[0]!.image.url}"`);
    expect(rootOf(html)).toContain('<h1');
  });

  it('renders /news/h5 with its heading and first news item', async () => {
    const res = await page('/news/h5', { 'user-agent': phone, 'accept-language': 'zh-TW,zh;q=0.9' });
    const html = res.body;
    expect(html).toMatch(/<html lang="zh-Hant" data-h5="">/);
    const news = await call<{ list: { title: string }[] }>('/web/news/page?lang=zh&page_num=1&page_size=10');
    expect(news.list.length).toBeGreaterThan(0);
    expect(rootOf(html)).toContain(news.list[0]!.title);
    expect(rootOf(html)).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  });

  it('keeps the data it embeds inert: no "<" inside the JSON, no new inline script to hash', async () => {
    const html = (await page('/h5', { 'user-agent': phone })).body;
    const json = /id="gp-first-screen">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('<');
    const template = (await page('/service/h5', { 'user-agent': phone })).body;
    const inline = (text: string) =>
      [...text.matchAll(/<script\b([^>]*)>/g)].filter(
        ([, attributes = '']) => !/\b(src|type)=/.test(attributes),
      ).length;
    expect(inline(html)).toBe(inline(template));
  });

  it('leaves pages it does not render to the browser, and sends the other form to the browser too', async () => {
    const service = await page('/service/h5', { 'user-agent': phone });
    expect(service.body).toContain('<div id="root"></div>');
    // A desktop asking for the H5 home is moved to / by the router in the browser, as before.
    const twin = await page('/h5', { 'user-agent': desktop });
    expect(twin.body).toContain('<div id="root"></div>');
  });
});
