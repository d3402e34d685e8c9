/** The first seed step: demo games with icons, fan groups, nav flags and the pay switch of region 5. */
import { site } from '@gp/config';
import type { Db } from '../../db/database.ts';
import { fanGroup, fanGroupI18n, game, gameI18n } from '../../db/schema/game.schema.ts';
import { navSetting, paySetting } from '../../db/schema/site.schema.ts';
import { storeDemoImage } from './demo-image.ts';
import { gameIconPng, type IconSpec } from './demo-icon.ts';

type Names = Record<'en' | 'th' | 'cn' | 'vi' | 'zh', string>;

interface DemoGame {
  slug: string;
  gameId: string;
  url: string;
  icon: IconSpec;
  names: Names;
}

/** Fictional games; the publisher's real catalogue is managed in the staff console. */
export const demoGames: DemoGame[] = [
  {
    slug: 'starfall-legends',
    gameId: 'sfl_sea',
    url: 'https://starfall.example.com/',
    icon: { from: '#3b2a8f', to: '#e0569b', emblem: 'star' },
    names: {
      en: 'Starfall Legends',
      th: 'ตำนานดาวตก',
      cn: '星陨传说',
      vi: 'Huyền Thoại Sao Băng',
      zh: '星隕傳說',
    },
  },
  {
    slug: 'lotus-blade',
    gameId: 'ltb_sea',
    url: 'https://lotusblade.example.com/',
    icon: { from: '#0f5c4d', to: '#38c98f', emblem: 'blade' },
    names: { en: 'Lotus Blade', th: 'ดาบบัวสวรรค์', cn: '莲华剑', vi: 'Liên Hoa Kiếm', zh: '蓮華劍' },
  },
  {
    slug: 'monsoon-racers',
    gameId: 'msr_sea',
    url: 'https://monsoonracers.example.com/',
    icon: { from: '#0b4f8a', to: '#22b8e6', emblem: 'wave' },
    names: { en: 'Monsoon Racers', th: 'มรสุมเรเซอร์', cn: '季风车手', vi: 'Tay Đua Gió Mùa', zh: '季風車手' },
  },
  {
    slug: 'harbor-of-dragons',
    gameId: 'hod_sea',
    url: 'https://harborofdragons.example.com/',
    icon: { from: '#7a2412', to: '#f0a030', emblem: 'tower' },
    names: { en: 'Harbor of Dragons', th: 'ท่าเรือมังกร', cn: '龙之港', vi: 'Bến Cảng Rồng', zh: '龍之港' },
  },
];

export const demoFanGroups: { slug: string; url: string; names: Names }[] = [
  {
    slug: 'starfall-community',
    url: 'https://community.example.com/starfall-legends',
    names: {
      en: 'Starfall Legends Community',
      th: 'คอมมูนิตี้ตำนานดาวตก',
      cn: '星陨传说玩家社区',
      vi: 'Cộng đồng Huyền Thoại Sao Băng',
      zh: '星隕傳說玩家社群',
    },
  },
  {
    slug: 'lotus-blade-fans',
    url: 'https://community.example.com/lotus-blade',
    names: {
      en: 'Lotus Blade Fan Club',
      th: 'แฟนคลับดาบบัวสวรรค์',
      cn: '莲华剑粉丝俱乐部',
      vi: 'Hội người hâm mộ Liên Hoa Kiếm',
      zh: '蓮華劍粉絲俱樂部',
    },
  },
  {
    slug: 'monsoon-racers-crew',
    url: 'https://community.example.com/monsoon-racers',
    names: {
      en: 'Monsoon Racers Crew',
      th: 'ก๊วนนักซิ่งมรสุมเรเซอร์',
      cn: '季风车手车友会',
      vi: 'Hội tay đua Gió Mùa',
      zh: '季風車手車友會',
    },
  },
];

export async function seedPlatform(db: Db): Promise<void> {
  for (const [index, demo] of demoGames.entries()) {
    const iconMediaId = await storeDemoImage(db, gameIconPng(demo.icon));
    const [row] = await db
      .insert(game)
      .values({ gameId: demo.gameId, slug: demo.slug, url: demo.url, iconMediaId, sort: index * 10 })
      .returning({ id: game.gameBaseId });
    if (!row) throw new Error(`seeding game ${demo.slug} returned no row`);
    await db
      .insert(gameI18n)
      .values(Object.entries(demo.names).map(([lang, name]) => ({ gameBaseId: row.id, lang, name })));
  }
  for (const [index, demo] of demoFanGroups.entries()) {
    const [row] = await db
      .insert(fanGroup)
      .values({ slug: demo.slug, url: demo.url, sort: index * 10 })
      .returning({ id: fanGroup.id });
    if (!row) throw new Error(`seeding fan group ${demo.slug} returned no row`);
    await db
      .insert(fanGroupI18n)
      .values(Object.entries(demo.names).map(([lang, name]) => ({ fanGroupId: row.id, lang, name })));
  }
  await db.insert(navSetting).values({ distributionRegion: site.distributionRegion });
  await db.insert(paySetting).values({ distributionRegion: site.distributionRegion, mainSwitchOn: true });
}
