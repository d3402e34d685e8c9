/**
 * Seed step `pay-v1`: the top-up catalog of the demo games (seeded by platform-v1) in distribution region 5 -
 * servers, currencies, gem packs priced per currency with realistic Southeast Asian price points, and web payment
 * channels per currency (MyCard web 20, UniPin 106, Razer Gold 107, UPay 108 with local wallets).
 *
 * Prices are integer minor units (ISO 4217 exponents: VND 0, IDR 2 and the rest 2), so THB 179.00 is 17900,
 * VND 119,000 is 119000 and IDR 79,000.00 is 7900000.
 */
import { site } from '@gp/config';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { game } from '../../db/schema/game.schema.ts';
import {
  payChannel,
  payChannelI18n,
  payCurrency,
  payGame,
  payProduct,
  payProductI18n,
  payProductPrice,
  payServer,
  payServerI18n,
} from '../../db/schema/pay.schema.ts';

type Lang = 'en' | 'th' | 'cn' | 'vi' | 'zh';
type Names = Record<Lang, string>;
type Currency = 'THB' | 'VND' | 'PHP' | 'IDR' | 'MYR' | 'SGD' | 'USD';

/** The six gem packs every demo game sells: base credit, first-purchase style bonus, marketing tag. */
const packs = [
  { size: 60, bonus: 0, tag: null },
  { size: 300, bonus: 30, tag: null },
  { size: 980, bonus: 110, tag: 'popular' },
  { size: 1980, bonus: 260, tag: null },
  { size: 3280, bonus: 600, tag: null },
  { size: 6480, bonus: 1600, tag: 'bestValue' },
] as const;

/**
 * Price points per pack (minor units), the tiers app stores and voucher sellers use in each market:
 * USD 0.99 / 4.99 / 14.99 / 29.99 / 49.99 / 99.99 and the local equivalents.
 */
const prices: Record<Currency, readonly number[]> = {
  THB: [3500, 17900, 54900, 110000, 180000, 370000],
  VND: [23000, 119000, 349000, 699000, 1199000, 2399000],
  PHP: [5500, 27900, 84900, 169000, 279000, 559000],
  IDR: [1600000, 7900000, 24900000, 47900000, 79900000, 159900000],
  MYR: [490, 2290, 6990, 13990, 22990, 45990],
  SGD: [148, 698, 2198, 4398, 7298, 14498],
  USD: [99, 499, 1499, 2999, 4999, 9999],
};

const bonusText: Record<Lang, (n: number) => string> = {
  en: (n) => `+${n} bonus`,
  th: (n) => `โบนัส +${n}`,
  cn: (n) => `额外赠送 ${n}`,
  vi: (n) => `Tặng thêm ${n}`,
  zh: (n) => `額外贈送 ${n}`,
};

const tagText: Record<'popular' | 'bestValue', Names> = {
  popular: { en: 'Most popular', th: 'ยอดนิยม', cn: '最受欢迎', vi: 'Phổ biến nhất', zh: '最受歡迎' },
  bestValue: { en: 'Best value', th: 'คุ้มที่สุด', cn: '超值之选', vi: 'Giá trị nhất', zh: '超值首選' },
};

interface ChannelSpec {
  payMode: 20 | 106 | 107 | 108;
  paymentType: string;
  /** en always; other languages only where the name is not a brand name written the same everywhere. */
  names: Partial<Names> & { en: string };
  /** Stripe's payment method types for the channel (pay_channel.provider_methods.stripe), where Stripe takes it. */
  stripe?: string[];
  /** Xendit's channel code for it (pay_channel.provider_methods.xendit), where Xendit takes it. */
  xendit?: string[];
}

const card: ChannelSpec = {
  payMode: 108,
  paymentType: 'card',
  stripe: ['card'],
  names: {
    en: 'Credit / debit card',
    th: 'บัตรเครดิต / เดบิต',
    cn: '信用卡 / 借记卡',
    vi: 'Thẻ tín dụng / ghi nợ',
    zh: '信用卡 / 金融卡',
  },
};
const unipin: ChannelSpec = {
  payMode: 106,
  paymentType: 'unipin_credits',
  names: { en: 'UniPin Credits', cn: 'UniPin 点数', zh: 'UniPin 點數', th: 'UniPin เครดิต' },
};
const grabpay: ChannelSpec = {
  payMode: 108,
  paymentType: 'grabpay',
  stripe: ['grabpay'],
  names: { en: 'GrabPay' },
};
const razer: ChannelSpec = { payMode: 107, paymentType: 'razer_gold', names: { en: 'Razer Gold' } };

/** Web payment channels per currency, in display order. */
const channelsByCurrency: Record<Currency, ChannelSpec[]> = {
  THB: [
    {
      payMode: 108,
      paymentType: 'promptpay',
      stripe: ['promptpay'],
      names: { en: 'PromptPay', th: 'พร้อมเพย์' },
    },
    {
      payMode: 108,
      paymentType: 'truemoney',
      xendit: ['TRUEMONEY'],
      names: { en: 'TrueMoney Wallet', th: 'ทรูมันนี่ วอลเล็ท' },
    },
    card,
    unipin,
    razer,
  ],
  VND: [
    {
      payMode: 108,
      paymentType: 'momo',
      xendit: ['MOMO'],
      names: {
        en: 'MoMo e-wallet',
        vi: 'Ví MoMo',
        cn: 'MoMo 电子钱包',
        zh: 'MoMo 電子錢包',
        th: 'วอลเล็ท MoMo',
      },
    },
    { payMode: 108, paymentType: 'zalopay', xendit: ['ZALOPAY'], names: { en: 'ZaloPay' } },
    {
      payMode: 108,
      paymentType: 'atm_card',
      names: {
        en: 'ATM card / Internet Banking',
        vi: 'Thẻ ATM / Internet Banking',
        th: 'บัตร ATM / อินเทอร์เน็ตแบงกิ้ง',
        cn: 'ATM 卡 / 网上银行',
        zh: 'ATM 卡 / 網路銀行',
      },
    },
    {
      payMode: 106,
      paymentType: 'unipin_voucher',
      names: {
        en: 'UniPin Voucher',
        cn: 'UniPin 点卡',
        zh: 'UniPin 點卡',
        th: 'บัตร UniPin',
        vi: 'Thẻ UniPin',
      },
    },
  ],
  PHP: [
    { payMode: 108, paymentType: 'gcash', xendit: ['GCASH'], names: { en: 'GCash' } },
    { payMode: 108, paymentType: 'maya', xendit: ['PAYMAYA'], names: { en: 'Maya' } },
    card,
    unipin,
    razer,
  ],
  IDR: [
    { payMode: 108, paymentType: 'gopay', names: { en: 'GoPay' } },
    { payMode: 108, paymentType: 'ovo', names: { en: 'OVO' } },
    { payMode: 108, paymentType: 'dana', xendit: ['DANA'], names: { en: 'DANA' } },
    { payMode: 108, paymentType: 'qris', xendit: ['QRIS'], names: { en: 'QRIS' } },
    {
      payMode: 108,
      paymentType: 'bca_va',
      xendit: ['BCA'],
      names: {
        en: 'BCA Virtual Account',
        th: 'บัญชีเสมือน BCA',
        cn: 'BCA 虚拟账户',
        vi: 'Tài khoản ảo BCA',
        zh: 'BCA 虛擬帳戶',
      },
    },
    unipin,
    razer,
  ],
  MYR: [
    {
      payMode: 108,
      paymentType: 'touch_n_go',
      xendit: ['TOUCHNGO'],
      names: { en: "Touch 'n Go eWallet" },
    },
    grabpay,
    {
      payMode: 108,
      paymentType: 'fpx',
      stripe: ['fpx'],
      names: {
        en: 'FPX online banking',
        th: 'FPX ธนาคารออนไลน์',
        cn: 'FPX 网上银行',
        vi: 'Ngân hàng trực tuyến FPX',
        zh: 'FPX 網路銀行',
      },
    },
    unipin,
    razer,
  ],
  SGD: [
    { payMode: 108, paymentType: 'paynow', stripe: ['paynow'], names: { en: 'PayNow' } },
    grabpay,
    card,
    razer,
  ],
  USD: [
    card,
    unipin,
    razer,
    {
      payMode: 20,
      paymentType: 'mycard_point',
      names: {
        en: 'MyCard Points',
        cn: 'MyCard 点数',
        zh: 'MyCard 點數',
        th: 'MyCard พอยต์',
        vi: 'Điểm MyCard',
      },
    },
  ],
};

interface PayDemoGame {
  gameId: string;
  /** The game's credit, per language. */
  credit: Names;
  currencies: Currency[];
  servers: { cpServerId: string; names: Names; maintenance?: boolean }[];
  /** Extra products beyond the six packs. */
  extras?: { productId: string; creditAmount: number; onSale: boolean; tier: number; names: Names }[];
}

/** The catalog of each game seeded by platform-v1 (matched on game_id). */
export const payDemoGames: PayDemoGame[] = [
  {
    gameId: 'sfl_sea',
    credit: { en: 'Stardust', th: 'ผงดาว', cn: '星尘', vi: 'Bụi Sao', zh: '星塵' },
    currencies: ['THB', 'VND', 'PHP', 'IDR', 'MYR', 'SGD', 'USD'],
    servers: [
      {
        cpServerId: '1001',
        names: { en: 'S1 Aurora', th: 'S1 ออโรร่า', cn: 'S1 极光', vi: 'S1 Cực Quang', zh: 'S1 極光' },
      },
      {
        cpServerId: '1002',
        names: { en: 'S2 Nebula', th: 'S2 เนบิวลา', cn: 'S2 星云', vi: 'S2 Tinh Vân', zh: 'S2 星雲' },
      },
      {
        cpServerId: '1003',
        names: { en: 'S3 Comet', th: 'S3 ดาวหาง', cn: 'S3 彗星', vi: 'S3 Sao Chổi', zh: 'S3 彗星' },
      },
    ],
    // The launch bundle ended: kept for past orders, no longer on sale.
    extras: [
      {
        productId: 'sfl.launch_bundle',
        creditAmount: 1200,
        onSale: false,
        tier: 2,
        names: {
          en: 'Launch Celebration Bundle',
          th: 'แพ็กฉลองเปิดตัว',
          cn: '开服庆典礼包',
          vi: 'Gói Mừng Ra Mắt',
          zh: '開服慶典禮包',
        },
      },
    ],
  },
  {
    gameId: 'ltb_sea',
    credit: { en: 'Jade', th: 'หยก', cn: '灵玉', vi: 'Ngọc Linh', zh: '靈玉' },
    currencies: ['THB', 'VND', 'PHP', 'IDR', 'USD'],
    servers: [
      {
        cpServerId: '2001',
        names: { en: 'Jade Peak', th: 'ยอดเขาหยก', cn: '翠玉峰', vi: 'Đỉnh Ngọc Bích', zh: '翠玉峰' },
      },
      {
        cpServerId: '2002',
        names: { en: 'Lotus Pond', th: 'สระบัว', cn: '莲花池', vi: 'Hồ Sen', zh: '蓮花池' },
      },
      {
        cpServerId: '2003',
        names: { en: 'Crane Valley', th: 'หุบเขากระเรียน', cn: '鹤鸣谷', vi: 'Thung Lũng Hạc', zh: '鶴鳴谷' },
        maintenance: true,
      },
    ],
  },
  {
    gameId: 'msr_sea',
    credit: { en: 'Nitro Coins', th: 'เหรียญไนโตร', cn: '氮气币', vi: 'Xu Nitro', zh: '氮氣幣' },
    currencies: ['THB', 'PHP', 'MYR', 'SGD', 'USD'],
    servers: [
      {
        cpServerId: '3001',
        names: {
          en: 'Bangkok Circuit',
          th: 'สนามกรุงเทพฯ',
          cn: '曼谷赛道',
          vi: 'Đường đua Bangkok',
          zh: '曼谷賽道',
        },
      },
      {
        cpServerId: '3002',
        names: { en: 'Manila Bay', th: 'อ่าวมะนิลา', cn: '马尼拉湾', vi: 'Vịnh Manila', zh: '馬尼拉灣' },
      },
    ],
  },
  {
    gameId: 'hod_sea',
    credit: { en: 'Dragon Pearls', th: 'ไข่มุกมังกร', cn: '龙珠', vi: 'Ngọc Rồng', zh: '龍珠' },
    currencies: ['THB', 'VND', 'PHP', 'IDR', 'MYR', 'SGD', 'USD'],
    servers: [
      {
        cpServerId: '4001',
        names: { en: 'Dragon Gate', th: 'ประตูมังกร', cn: '龙门', vi: 'Long Môn', zh: '龍門' },
      },
      {
        cpServerId: '4002',
        names: { en: 'Storm Cape', th: 'แหลมพายุ', cn: '风暴角', vi: 'Mũi Bão', zh: '風暴角' },
      },
      {
        cpServerId: '4003',
        names: { en: 'Ember Isle', th: 'เกาะถ่านเพลิง', cn: '余烬岛', vi: 'Đảo Tro Tàn', zh: '餘燼島' },
      },
    ],
  },
];

const langs: Lang[] = ['en', 'th', 'cn', 'vi', 'zh'];

/** "60 Stardust", "ผงดาว 60", "60星尘". */
function packName(lang: Lang, size: number, credit: string): string {
  if (lang === 'th') return `${credit} ${size}`;
  if (lang === 'cn' || lang === 'zh') return `${size}${credit}`;
  return `${size} ${credit}`;
}

/** The web pay modes a currency's channels use: a product gets a price for each. */
const payModesOf = (currency: Currency) => [...new Set(channelsByCurrency[currency].map((c) => c.payMode))];

export async function seedPay(db: Db): Promise<void> {
  const games = await db
    .select({ gameBaseId: game.gameBaseId, gameId: game.gameId, sort: game.sort })
    .from(game)
    .where(
      inArray(
        game.gameId,
        payDemoGames.map((g) => g.gameId),
      ),
    );
  for (const demo of payDemoGames) {
    const row = games.find((g) => g.gameId === demo.gameId);
    // A demo game staff have since deleted gets no catalog; the others still do.
    if (!row) continue;
    const gameBaseId = row.gameBaseId;
    await db
      .insert(payGame)
      .values({ distributionRegion: site.distributionRegion, gameBaseId, sort: row.sort });

    for (const [index, server] of demo.servers.entries()) {
      const [created] = await db
        .insert(payServer)
        .values({
          gameBaseId,
          cpServerId: server.cpServerId,
          isMaintenance: server.maintenance ?? false,
          sort: index * 10,
        })
        .returning({ id: payServer.id });
      await db
        .insert(payServerI18n)
        .values(langs.map((lang) => ({ payServerId: created!.id, lang, name: server.names[lang] })));
    }

    await db
      .insert(payCurrency)
      .values(demo.currencies.map((currency, index) => ({ gameBaseId, currency, sort: index * 10 })));

    const products = [
      ...packs.map((pack, tier) => ({
        productId: `${demo.gameId}.gem_${pack.size}`,
        creditAmount: pack.size + pack.bonus,
        onSale: true,
        tier,
        texts: langs.map((lang) => ({
          lang,
          name: packName(lang, pack.size, demo.credit[lang]),
          marketingDesc1: pack.bonus > 0 ? bonusText[lang](pack.bonus) : '',
          marketingDesc2: pack.tag ? tagText[pack.tag][lang] : '',
        })),
      })),
      ...(demo.extras ?? []).map((extra) => ({
        productId: extra.productId,
        creditAmount: extra.creditAmount,
        onSale: extra.onSale,
        tier: extra.tier,
        texts: langs.map((lang) => ({
          lang,
          name: extra.names[lang],
          marketingDesc1: '',
          marketingDesc2: '',
        })),
      })),
    ];
    for (const [index, product] of products.entries()) {
      const [created] = await db
        .insert(payProduct)
        .values({
          gameBaseId,
          productId: product.productId,
          creditAmount: product.creditAmount,
          isOnSale: product.onSale,
          sort: index * 10,
        })
        .returning({ id: payProduct.id });
      const payProductId = created!.id;
      await db.insert(payProductI18n).values(product.texts.map((text) => ({ payProductId, ...text })));
      await db.insert(payProductPrice).values(
        demo.currencies.flatMap((currency) =>
          payModesOf(currency).map((payMode) => ({
            payProductId,
            currency,
            payMode,
            price: prices[currency][product.tier]!,
          })),
        ),
      );
    }

    for (const currency of demo.currencies) {
      for (const [index, channel] of channelsByCurrency[currency].entries()) {
        const [created] = await db
          .insert(payChannel)
          .values({
            gameBaseId,
            currency,
            payMode: channel.payMode,
            paymentType: channel.paymentType,
            providerMethods: {
              ...(channel.stripe ? { stripe: channel.stripe } : {}),
              ...(channel.xendit ? { xendit: channel.xendit } : {}),
            },
            sort: index * 10,
          })
          .returning({ id: payChannel.id });
        await db
          .insert(payChannelI18n)
          .values(
            Object.entries(channel.names).map(([lang, name]) => ({ payChannelId: created!.id, lang, name })),
          );
      }
    }
  }
}

/**
 * The demo's Stripe channel: with the local Stripe test server on (`STRIPE_TEST_SERVER`, `pnpm start` and the
 * e2e run), Lotus Blade's THB card channel takes its payments through the Stripe adapter while every other
 * channel stays with the deployment's provider (the sandbox); with it off the channel goes back to that
 * provider. Only this demo channel is touched, and only from the state the other call leaves it in.
 */
export async function demoStripeChannel(db: Db, on: boolean): Promise<void> {
  const [lotus] = await db.select({ id: game.gameBaseId }).from(game).where(eq(game.gameId, 'ltb_sea'));
  if (!lotus) return;
  await db
    .update(payChannel)
    .set({ provider: on ? 'stripe' : null })
    .where(
      and(
        eq(payChannel.gameBaseId, lotus.id),
        eq(payChannel.currency, 'THB'),
        eq(payChannel.paymentType, 'card'),
        on ? isNull(payChannel.provider) : eq(payChannel.provider, 'stripe'),
      ),
    );
}

/**
 * The demo's Xendit channels: with the local Xendit test server on (`XENDIT_TEST_SERVER`, `pnpm start` and the e2e
 * run), every seeded channel Xendit carries (the wallets: GCash, Maya, MoMo, ZaloPay, DANA, TrueMoney, Touch 'n
 * Go; QRIS and BCA's virtual account) takes its payments through the Xendit adapter, so a newcomer sees the
 * wallet's page, or the QR code and account number on our page, a player would see;
 * with it off they go back to the deployment's provider. Only channels naming Xendit's codes are touched, and only
 * from the state the other call leaves them in.
 */
export async function demoXenditChannels(db: Db, on: boolean): Promise<void> {
  await db
    .update(payChannel)
    .set({ provider: on ? 'xendit' : null })
    .where(
      and(
        sql`${payChannel.providerMethods} ? 'xendit'`,
        on ? isNull(payChannel.provider) : eq(payChannel.provider, 'xendit'),
      ),
    );
}
