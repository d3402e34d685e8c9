/** Games as the staff API answers them (tests only). */
import type { GameAdminDetail, GameAdminItem } from '@gp/contracts/catalog-admin';

export function gameItem(overrides: Partial<GameAdminItem> = {}): GameAdminItem {
  return {
    game_base_id: 3,
    game_id: 'lotus_sea',
    slug: 'lotus-blade',
    url: 'https://lotus.example.com/',
    sort: 10,
    is_online: 1,
    game_name: 'Lotus Blade',
    names: { en: 'Lotus Blade', th: 'ดาบบัว', cn: null, vi: null, zh: null },
    icon_media_id: null,
    game_icon: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

export function gameDetail(overrides: Partial<GameAdminDetail> = {}): GameAdminDetail {
  return {
    ...gameItem(),
    usage: { tickets: 0, orders: 0, catalog: 0, faq: 0, question_types: 0, articles: 0, recommendations: 0 },
    deletable: 1,
    ...overrides,
  };
}
