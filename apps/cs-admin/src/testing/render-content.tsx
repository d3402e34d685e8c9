/**
 * Test helpers for the site content screens: the whole console (router, layout, guards) at a path with the en
 * texts of the cms namespace too, and answers shaped as the content contracts give them. The staff API itself
 * is the shared stand-in of src/testing/console-test.tsx (a stubbed fetch).
 */
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import admin from '@gp/i18n/locales/en/admin.json';
import cms from '@gp/i18n/locales/en/cms.json';
import common from '@gp/i18n/locales/en/common.json';
import errors from '@gp/i18n/locales/en/errors.json';
import staffErrors from '@gp/i18n/locales/en/staff-errors.json';
import type {
  ArticleAdminData,
  ArticleAdminSummary,
  BannerAdminData,
  BannerAdminSummary,
  ContentImage,
  FansGroupAdminData,
  FansGroupAdminSummary,
  ModuleAdminData,
  ModuleAdminSummary,
  RecommendAdminData,
  RecommendAdminSummary,
} from '@gp/contracts/content-admin';
import { vi } from 'vitest';
import { routes } from '../app/router.tsx';

/**
 * Answers the picture upload (a multipart body, which the shared stand-in reads as JSON and cannot) in front of
 * the stubbed staff API; call after `staffServer`. `answer` gets the uploaded file and how many came before it
 * (jsdom's files lose their name and bytes on their way through Node's fetch classes; their type stays).
 */
export function answerUploads(answer: (file: File, before: number) => { code: number; data: unknown }) {
  const inner = globalThis.fetch;
  const uploads: File[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!new URL(request.url).pathname.endsWith('/komoe/mng/content/image/upload'))
        return inner(input, init);
      const file = (await request.formData()).get('file') as File;
      const { code, data } = answer(file, uploads.length);
      uploads.push(file);
      return Response.json({ code, message: code === 0 ? 'ok' : `code ${code}`, data });
    }),
  );
  return uploads;
}

/**
 * Answers the portal's public game list (`/web/game/list`, outside the staff group the shared stand-in serves)
 * in front of the stubbed staff API; call after `staffServer`. Returns how many times it was asked.
 */
export function answerPublicGames(games: { game_base_id: number; game_name: string }[]) {
  const inner = globalThis.fetch;
  const asked = { count: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (new URL(request.url).pathname !== '/web/game/list') return inner(input, init);
      asked.count++;
      return Response.json({
        code: 0,
        message: 'ok',
        data: games.map((g) => ({ ...g, url: `https://example.com/${g.game_base_id}`, game_icon: '' })),
      });
    }),
  );
  return asked;
}

/** A game as the staff game list gives it. */
export function staffGame(id: number, name: string, online: 0 | 1 = 1) {
  return {
    game_base_id: id,
    game_id: `g${id}`,
    slug: `game-${id}`,
    url: `https://example.com/${id}`,
    sort: id,
    is_online: online,
    game_name: name,
    names: { en: name, th: null, cn: null, vi: null, zh: null },
    icon_media_id: null,
    game_icon: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

export async function renderContent(path: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { admin, errors, 'staff-errors': staffErrors, common, cms } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { router, view };
}

export const pageOf = <T,>(list: T[], total = list.length) => ({
  list,
  total,
  page_num: 1,
  page_size: 20,
});

export function image(id = 'a'): ContentImage {
  const mediaId = `${id.repeat(32).slice(0, 32)}.png`;
  return { media_id: mediaId, url: `http://localhost:8090/media/${mediaId}`, width: 800, height: 450 };
}

export function articleSummary(overrides: Partial<ArticleAdminSummary> = {}): ArticleAdminSummary {
  return {
    id: 5,
    kind: 'news',
    slug: 'spring-update',
    category: 'update',
    game_base_id: null,
    title: 'Spring update',
    cover: image('a'),
    publish_at: '2026-03-01T08:00:00.000Z',
    unpublish_at: null,
    pinned: 0,
    status: 'published',
    languages: ['en', 'th'],
    updated_at: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function articleData(overrides: Partial<ArticleAdminData> = {}): ArticleAdminData {
  return {
    id: 5,
    kind: 'news',
    slug: 'spring-update',
    category: 'update',
    game_base_id: null,
    cover: image('a'),
    cover_h5: image('b'),
    publish_at: '2026-03-01T08:00:00.000Z',
    unpublish_at: null,
    pinned: 0,
    status: 'published',
    languages: ['en', 'th'],
    updated_at: '2026-03-01T08:00:00.000Z',
    created_at: '2026-03-01T07:00:00.000Z',
    start_time: null,
    end_time: null,
    texts: {
      en: { title: 'Spring update', summary: 'What is new', body_html: '<p>New maps.</p>' },
      th: { title: 'อัปเดตฤดูใบไม้ผลิ', summary: '', body_html: '<p>แผนที่ใหม่</p>' },
    },
    ...overrides,
  };
}

export function bannerData(overrides: Partial<BannerAdminData> = {}): BannerAdminData {
  return {
    id: 3,
    slug: 'spring-sale',
    link: '/news-detail/5',
    image: image('c'),
    image_h5: image('d'),
    starts_at: '2026-03-01T00:00:00.000Z',
    ends_at: '2026-04-01T00:00:00.000Z',
    sort: 10,
    is_online: 1,
    status: 'published',
    languages: ['en'],
    updated_at: '2026-03-01T00:00:00.000Z',
    created_at: '2026-03-01T00:00:00.000Z',
    texts: { en: { title: 'Spring sale', subtitle: 'Half price', cta: 'Top up', alt: 'A spring field' } },
    ...overrides,
  };
}

export function bannerSummary(overrides: Partial<BannerAdminSummary> = {}): BannerAdminSummary {
  const { image_h5: _h5, texts: _texts, created_at: _created, ...rest } = bannerData();
  return { ...rest, title: 'Spring sale', ...overrides };
}

export function recommendData(overrides: Partial<RecommendAdminData> = {}): RecommendAdminData {
  return {
    game_base_id: 7,
    game_name: 'Lotus Blade',
    game_icon: '',
    game_online: 1,
    sort: 1,
    is_online: 1,
    status: 'published',
    languages: ['en'],
    updated_at: '2026-03-01T00:00:00.000Z',
    texts: { en: { tagline: 'Fight with grace', description: 'A martial arts adventure.' } },
    ...overrides,
  };
}

export function recommendSummary(overrides: Partial<RecommendAdminSummary> = {}): RecommendAdminSummary {
  const { texts: _texts, ...rest } = recommendData();
  return { ...rest, tagline: 'Fight with grace', ...overrides };
}

export function moduleData(overrides: Partial<ModuleAdminData> = {}): ModuleAdminData {
  return {
    id: 2,
    key: 'latest-news',
    type: 'news',
    sort: 1,
    is_online: 1,
    status: 'published',
    languages: ['en'],
    updated_at: '2026-03-01T00:00:00.000Z',
    texts: { en: { title: 'Latest news' } },
    ...overrides,
  };
}

export function moduleSummary(overrides: Partial<ModuleAdminSummary> = {}): ModuleAdminSummary {
  const { texts: _texts, ...rest } = moduleData();
  return { ...rest, title: 'Latest news', ...overrides };
}

export function fansGroupData(overrides: Partial<FansGroupAdminData> = {}): FansGroupAdminData {
  return {
    id: 4,
    slug: 'lotus-fans',
    url: 'https://fans.example.com/lotus',
    sort: 1,
    is_online: 1,
    status: 'published',
    languages: ['en'],
    updated_at: '2026-03-01T00:00:00.000Z',
    created_at: '2026-03-01T00:00:00.000Z',
    texts: { en: { name: 'Lotus fans' } },
    ...overrides,
  };
}

export function fansGroupSummary(overrides: Partial<FansGroupAdminSummary> = {}): FansGroupAdminSummary {
  const { texts: _texts, created_at: _created, ...rest } = fansGroupData();
  return { ...rest, name: 'Lotus fans', ...overrides };
}
