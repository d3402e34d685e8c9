/**
 * The scale data set of `pnpm bench:scale`: what a real publisher's database holds after two
 * years, loaded in minutes with generated `INSERT ... SELECT generate_series` SQL (no row crosses the wire) on top
 * of the demo seed, whose games, question types, media and staff it uses. At scale 1: 1,000,000 members,
 * 5,000,000 orders with their state changes and deliveries, 1,000,000 tickets with about 3,000,000 messages,
 * 20,000 FAQ entries and 10,000 news items, each in five languages. The distributions are skewed the way they
 * are in life: a few games take most of the orders and tickets, recent months more than old ones, most orders
 * delivered and most old tickets closed, text in Thai, Chinese, Vietnamese and English.
 *
 * The same statements run on PGlite (the bench package's test loads scale 1/10000 and checks the constraints
 * and counts) and on PostgreSQL, so the test proves the bench's data valid.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/db/database.ts';

export interface ScaleCounts {
  members: number;
  orders: number;
  tickets: number;
  faqs: number;
  news: number;
}

/** Scale 1: a real publisher's volumes after two years, the ones the scale budgets are set for. */
export const fullScale: ScaleCounts = {
  members: 1_000_000,
  orders: 5_000_000,
  tickets: 1_000_000,
  faqs: 20_000,
  news: 10_000,
};

export function countsAt(scale: number): ScaleCounts {
  const of = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    members: of(fullScale.members),
    orders: of(fullScale.orders),
    tickets: of(fullScale.tickets),
    faqs: of(fullScale.faqs),
    news: of(fullScale.news),
  };
}

/** The password every generated member has (the login scenario signs in with it). */
export const scalePassword = 'Scale bench password 1';
/** A generated member's account name: `scale-<n>@example.com`, n from 1. */
export const scaleUserId = (n: number) => `scale-${n}@example.com`;

/** Twenty words per language, the vocabulary of a game's support pages; Thai and Chinese are written unspaced. */
export const vocabulary: Record<string, { words: string[]; joiner: string }> = {
  en: {
    joiner: ' ',
    words: [
      'account',
      'password',
      'payment',
      'top-up',
      'character',
      'server',
      'login',
      'reward',
      'event',
      'update',
      'maintenance',
      'error',
      'refund',
      'diamonds',
      'gift',
      'code',
      'guild',
      'level',
      'ranking',
      'item',
    ],
  },
  th: {
    joiner: '',
    words: [
      'บัญชี',
      'รหัสผ่าน',
      'การชำระเงิน',
      'เติมเงิน',
      'ตัวละคร',
      'เซิร์ฟเวอร์',
      'เข้าสู่ระบบ',
      'รางวัล',
      'กิจกรรม',
      'อัปเดต',
      'ปิดปรับปรุง',
      'ข้อผิดพลาด',
      'คืนเงิน',
      'เพชร',
      'ของขวัญ',
      'โค้ด',
      'กิลด์',
      'เลเวล',
      'อันดับ',
      'ไอเทม',
    ],
  },
  cn: {
    joiner: '',
    words: [
      '账号',
      '密码',
      '支付',
      '充值',
      '角色',
      '服务器',
      '登录',
      '奖励',
      '活动',
      '更新',
      '维护',
      '错误',
      '退款',
      '钻石',
      '礼包',
      '兑换码',
      '公会',
      '等级',
      '排行',
      '道具',
    ],
  },
  zh: {
    joiner: '',
    words: [
      '帳號',
      '密碼',
      '支付',
      '儲值',
      '角色',
      '伺服器',
      '登入',
      '獎勵',
      '活動',
      '更新',
      '維護',
      '錯誤',
      '退款',
      '鑽石',
      '禮包',
      '序號',
      '公會',
      '等級',
      '排行',
      '道具',
    ],
  },
  vi: {
    joiner: ' ',
    words: [
      'tài khoản',
      'mật khẩu',
      'thanh toán',
      'nạp tiền',
      'nhân vật',
      'máy chủ',
      'đăng nhập',
      'phần thưởng',
      'sự kiện',
      'cập nhật',
      'bảo trì',
      'lỗi',
      'hoàn tiền',
      'kim cương',
      'quà tặng',
      'mã quà',
      'bang hội',
      'cấp độ',
      'xếp hạng',
      'vật phẩm',
    ],
  },
};

export const scaleLangs = ['en', 'th', 'cn', 'zh', 'vi'] as const;

/**
 * The syllables a language's rarer words are made of. A support site's text has thousands of words, most of them
 * rare: with the twenty common words alone every keyword would be in nearly every text, and no search structure
 * could narrow anything.
 */
const syllables: Record<string, { parts: string[]; count: [number, number] }> = {
  en: {
    parts:
      'ka lo mi ner tas vel bri dor fen gar hol jun kir lum mor nes pal quin ros sul tor ure vin wex'.split(
        ' ',
      ),
    count: [2, 3],
  },
  th: {
    parts: 'กา ขี คู งอ จำ ฉัน ชา ดี ตู ถึง ทอ นา บุ ปี ผา พล ภู มน ยศ รวี ลม วัน ศรี สุข หงส์ อรุณ'.split(' '),
    count: [2, 3],
  },
  cn: { parts: '星 龙 火 风 雷 影 剑 灵 玄 云 海 天 月 光 神 魔 幻 圣 血 冰'.split(' '), count: [2, 3] },
  zh: { parts: '星 龍 火 風 雷 影 劍 靈 玄 雲 海 天 月 光 神 魔 幻 聖 血 冰'.split(' '), count: [2, 3] },
  vi: {
    parts:
      'bạch long phong vân hỏa thiên nguyệt minh kiếm linh hải tinh quang thần ảnh lôi băng huyết ma thánh'.split(
        ' ',
      ),
    count: [2, 3],
  },
};

/** The number of rarer words per language, after the twenty common ones. */
export const rareWordCount = 480;

/**
 * `rareWordCount` made-up words of the language (the same every run: a seeded generator), distinct from each
 * other and from the common words. Text draws a word's index with a skew (u cubed), so the common words are a
 * third of all words and each of the last rare words is in about one text in sixty.
 */
export function rareWords(lang: string): string[] {
  const { parts, count } = syllables[lang]!;
  const joiner = vocabulary[lang]!.joiner === '' || lang === 'en' ? '' : ' ';
  let seed = [...lang].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Fewer possible words than asked for would never end.
  const possible = parts.length ** count[1];
  if (possible < rareWordCount * 2) throw new Error(`rareWords(${lang}): only ${possible} possible words`);
  const taken = new Set(vocabulary[lang]!.words);
  const out: string[] = [];
  while (out.length < rareWordCount) {
    const n = count[0] + Math.floor(next() * (count[1] - count[0] + 1));
    const word = Array.from({ length: n }, () => parts[Math.floor(next() * parts.length)]!).join(joiner);
    if (!taken.has(word)) {
      taken.add(word);
      out.push(word);
    }
  }
  return out;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(literal).join(', ')}]::text[]`;

/**
 * One step of the load: a name for the log and its SQL (statements ending with `;` and a line break). Each table
 * is filled by one statement, so the identity values of one insert are consecutive.
 */
export interface ScaleStep {
  name: string;
  /**
   * 0: before the others, in order; 1-4: concurrently with the other lanes (each lane in order, on connections
   * of its own when the database has several); 9: after them all.
   */
  lane: number;
  /** A step of another lane this one waits for (the rows it reads). */
  after?: string;
  sql: string;
}

/**
 * The statements that load `counts` into a migrated, seeded database. `passwordHash` is the argon2id hash of
 * `scalePassword` (hashed once by the caller: a million hashes would take hours).
 */
export function scaleSteps(counts: ScaleCounts, passwordHash: string): ScaleStep[] {
  const vocabSize = vocabulary.en!.words.length + rareWordCount;
  const vocab = scaleLangs.map(
    (l) =>
      `(${literal(l)}, ${textArray([...vocabulary[l]!.words, ...rareWords(l)])}, ${literal(vocabulary[l]!.joiner)})`,
  );
  // A member's language: Thai 35 %, Vietnamese 25 %, Simplified 15 %, Traditional 10 %, English 15 %.
  const pickLang = (u: string) =>
    `(case when ${u} < 0.35 then 'th' when ${u} < 0.60 then 'vi' when ${u} < 0.75 then 'cn' when ${u} < 0.85 then 'zh' else 'en' end)`;
  // Skewed choice of one of the seeded games: the first ones take most (u cubed).
  const pickGame = `p.games[1 + floor(power(random(), 3) * cardinality(p.games))::int]`;
  // Two years back from now, recent months denser (a growing publisher).
  const ageDays = `(730 * (1 - sqrt(random())))`;
  const members = counts.members;
  // n rows of random draws for an order or a ticket: its number g, a member (the first ones more often: u squared),
  // a game, when (ageDays), a language, and u for the state.
  const draws = (n: number) => `select g,
              p.mid_before + 1 + floor(power(random(), 2) * ${members})::int as m,
              ${pickGame} as gb,
              now() - ${ageDays} * interval '1 day' as t,
              ${pickLang('random()')} as l,
              random() as u
            from generate_series(1, ${n}) g cross join scale_pick p`;
  const pool = 1000;
  // One of the pool's texts of the language, by a look-up per row in scale_text's primary key. (Subscripting the
  // pool arrays instead would de-TOAST the whole array - hundreds of kilobytes - for every row inserted.)
  const pick = (kind: string, v = 'v') =>
    `scale_text_at(${v}.lang, '${kind}', 1 + floor(random() * ${pool})::int)`;
  return [
    {
      name: 'helpers',
      lane: 0,
      sql: `
        create table scale_vocab (lang text primary key, words text[] not null, joiner text not null);
        insert into scale_vocab (lang, words, joiner) values ${vocab.join(', ')};
        -- The words one per row: picking from the array itself would de-TOAST all of it for every word picked.
        create table scale_word (lang text, i int, w text not null, primary key (lang, i));
        insert into scale_word (lang, i, w) select v.lang, o.i, o.w from scale_vocab v, unnest(v.words) with ordinality o(w, i);
        analyze scale_word;
        -- n words of the language, random each call (volatile: evaluated per row); the first (common) words
        -- far more often than the rare ones (u cubed).
        create function scale_words(l text, n int) returns text language sql volatile as $$
          select string_agg(w.w, v.joiner order by r.g)
          from scale_vocab v
          cross join (select g, 1 + floor(power(random(), 3) * ${vocabSize})::int as i
            from generate_series(1, greatest(n, 1)) g) r
          join scale_word w on w.lang = v.lang and w.i = r.i
          where v.lang = l
        $$;
        -- A thousand names, short texts (3-6 words) and long ones (8-40) per language: the big inserts pick from
        -- these by number, a primary-key look-up per row, where composing text per row would dominate the load.
        create table scale_text (lang text, kind text, n int, t text not null, primary key (lang, kind, n));
        insert into scale_text (lang, kind, n, t)
          select lang, 'names', n, scale_words(lang, 1) || (n % 100) from scale_vocab, generate_series(1, ${pool}) n;
        insert into scale_text (lang, kind, n, t)
          select lang, 'short', n, scale_words(lang, 3 + n % 4) from scale_vocab, generate_series(1, ${pool}) n;
        insert into scale_text (lang, kind, n, t)
          select lang, 'long', n, scale_words(lang, 8 + n % 33) from scale_vocab, generate_series(1, ${pool}) n;
        analyze scale_text;
        -- plpgsql, so never inlined: the random number stays an argument and the look-up a key look-up (a volatile
        -- expression in the query itself cannot use the index).
        create function scale_text_at(l text, k text, i int) returns text language plpgsql stable as $$
          begin return (select t from scale_text where lang = l and kind = k and n = i); end
        $$;
        create table scale_pick as select
          (select array_agg(game_base_id order by sort, game_base_id) from game) as games,
          (select array_agg(id order by id) from cs_question_type where for_ticket) as ticket_types,
          (select array_agg(id order by id) from cs_question_type where for_faq) as faq_types,
          (select array_agg(id order by id) from media) as media_ids,
          (select coalesce(max(mid), 0) from member) as mid_before,
          (select coalesce(max(id), 0) from pay_order) as order_before,
          (select coalesce(max(id), 0) from cs_work_order) as ticket_before,
          (select coalesce(max(id), 0) from cs_faq) as faq_before,
          (select coalesce(max(id), 0) from article) as article_before;`,
    },
    {
      name: `members (${members})`,
      lane: 0,
      sql: `
        insert into member (user_id, nick_name, login_type, password_hash, phone, email, lang, created_at, updated_at)
        select
          'scale-' || g || '@example.com',
          ${pick('names')} || g,
          0,
          ${literal(passwordHash)},
          case when g % 3 = 0 then (case l when 'th' then '66' when 'vi' then '84' when 'zh' then '886' when 'cn' then '86' else '1' end) || lpad(g::text, 9, '0') end,
          'scale-' || g || '@example.com',
          l,
          t, t
        from (
          select g, ${pickLang('random()')} as l, now() - ${ageDays} * interval '1 day' as t
          from generate_series(1, ${members}) g
        ) s join scale_vocab v on v.lang = s.l;`,
    },
    {
      name: `orders (${counts.orders})`,
      lane: 1,
      sql: `
        insert into pay_order (order_no, mid, variant, distribution_region, lang, game_base_id, game_id, cp_server_id,
          cp_role_id, role_name, product_id, credit_amount, price, currency, pay_mode, payment_type, names, state,
          reason_code, provider, pay_order_no, pay_url, expires_at, paid_at, delivered_at, created_at, updated_at)
        select
          'GP' || to_char(t, 'YYYYMMDD') || lpad(to_hex(g), 16, '0'),
          m, 'webpay', 5, l, gb, 'game-' || gb, 's' || (1 + g % 12), 'role-' || m || '-' || gb,
          ${pick('names')}, 'prod-' || gb || '-' || (1 + g % 6), 60 * (1 + g % 6),
          (array[3500, 9900, 29900, 99900, 199900, 499900])[1 + g % 6],
          (array['THB', 'VND', 'USD', 'TWD'])[1 + g % 4],
          (array[12, 14, 15, 20])[1 + g % 4],
          (array['card', 'wallet', 'bank', 'store'])[1 + g % 4],
          jsonb_build_object('game', jsonb_build_object('en', 'Game ' || gb),
            'server', jsonb_build_object('en', 'Server ' || (1 + g % 12)),
            'product', jsonb_build_object('en', (60 * (1 + g % 6)) || ' diamonds'),
            'channel', jsonb_build_object('en', 'Card')),
          st,
          case when st in ('failed', 'expired') then 15 end,
          'sandbox',
          case when st <> 'created' then 'SB' || lpad(to_hex(g), 20, '0') end,
          case when st <> 'created' then 'https://pay.example.com/sandbox/' || g end,
          t + interval '30 minutes',
          case when st in ('paid', 'delivering', 'delivered', 'refunded') then t + interval '1 minute' end,
          case when st in ('delivered', 'refunded') then t + interval '62 seconds' end,
          t, t + interval '62 seconds'
        from (
          select g, m, gb, t, l,
            case
              when t > now() - interval '30 minutes' and u < 0.5 then 'awaiting_payment'
              when u < 0.78 then 'delivered'
              when u < 0.92 then 'expired'
              when u < 0.95 then 'failed'
              when u < 0.97 then 'created'
              when u < 0.98 then 'paid'
              when u < 0.99 then 'delivering'
              else 'refunded'
            end as st
          from (
            ${draws(counts.orders)}
          ) r
        ) s join scale_vocab v on v.lang = s.l;`,
    },
    {
      name: 'order events',
      lane: 1,
      sql: `
        insert into pay_order_event (order_id, from_state, to_state, cause, created_at)
        select o.id, e.from_state, e.to_state, e.cause, o.created_at + e.after
        from pay_order o
        cross join lateral (values
          (0, null, case when o.state = 'created' then 'created' else 'awaiting_payment' end, 'order', interval '0'),
          (1, 'awaiting_payment', 'paid', 'notification:' || o.id, interval '1 minute'),
          (2, 'paid', 'delivering', 'worker', interval '61 seconds'),
          (3, 'paid', 'delivered', 'worker', interval '62 seconds'),
          (4, 'delivered', 'refunded', 'refund', interval '2 days'),
          (5, 'awaiting_payment', o.state, case when o.state = 'expired' then 'sweep' else 'payment' end, interval '30 minutes')
        ) as e(step, from_state, to_state, cause, after)
        where o.id > (select order_before from scale_pick)
          and (e.step = 0
            or (e.step = 1 and o.state in ('paid', 'delivering', 'delivered', 'refunded'))
            or (e.step = 2 and o.state = 'delivering')
            or (e.step = 3 and o.state in ('delivered', 'refunded'))
            or (e.step = 4 and o.state = 'refunded')
            or (e.step = 5 and o.state in ('expired', 'failed')))
        order by o.id, e.step;`,
    },
    {
      name: 'deliveries',
      lane: 1,
      sql: `
        insert into pay_delivery_job (order_id, status, attempts, next_attempt_at, delivery_id, created_at, updated_at)
        select id, case when state = 'delivering' then 'pending' else 'done' end,
          case when state = 'delivering' then 0 else 1 end, paid_at,
          case when state <> 'delivering' then 'D' || id end, paid_at, coalesce(delivered_at, paid_at)
        from pay_order
        where id > (select order_before from scale_pick) and state in ('paid', 'delivering', 'delivered', 'refunded');`,
    },
    {
      name: `tickets (${counts.tickets})`,
      lane: 2,
      sql: `
        insert into cs_work_order (mid, game_base_id, question_type_id, character_id, character_name, reply_email,
          title, status, answered, source, lang, grade, graded_at, last_asked_at, replied_at, closed_at, closed_by,
          operator_staff_id, operator_name, created_at, updated_at)
        select m, gb, qt, 'role-' || m || '-' || gb, ${pick('names')}, 'scale-' || (m - mid_before) || '@example.com',
          -- Answered: the thread the messages step writes ends in a reply exactly for statuses 2 and 3.
          ${pick('short')}, st, st in (2, 3), (array[7, 7, 7, 1, 2, 3])[1 + g % 6], l,
          case when st = 3 and g % 4 = 0 then 1 + g % 5 end,
          case when st = 3 and g % 4 = 0 then t + interval '3 days' end,
          t + case when st = 1 then interval '1 day' else interval '0' end,
          case when st >= 1 then t + interval '8 hours' end,
          case when st = 3 then t + interval '10 days' end,
          case when st = 3 then (case when g % 5 = 0 then 'staff' else 'auto' end) end,
          case when st >= 1 then 1 + g % 40 end,
          case when st >= 1 then 'Agent ' || (1 + g % 40) end,
          t, t + case when st = 3 then interval '10 days' when st >= 1 then interval '1 day' else interval '0' end
        from (
          select g, m, gb, t, l, p.mid_before, p.ticket_types[1 + floor(random() * cardinality(p.ticket_types))::int] as qt,
            -- Older tickets are closed; the last weeks hold the open work.
            case
              when t < now() - interval '30 days' then (case when u < 0.93 then 3 when u < 0.97 then 2 else 0 end)
              when u < 0.25 then 0 when u < 0.40 then 1 when u < 0.75 then 2 else 3
            end as st
          from (
            ${draws(counts.tickets)}
          ) r cross join scale_pick p
        ) s join scale_vocab v on v.lang = s.l;`,
    },
    {
      name: 'ticket messages',
      lane: 2,
      sql: `
        insert into cs_work_order_message (work_order_id, kind, mid, staff_id, staff_name, content, status_before,
          status_after, created_at)
        select w.id, e.kind, case when e.kind = 'reply' then null else w.mid end,
          case when e.kind = 'reply' then w.operator_staff_id end,
          case when e.kind = 'reply' then w.operator_name end,
          ${pick('long')}, e.status_before, e.status_after, w.created_at + e.after
        from cs_work_order w
        join scale_vocab v on v.lang = w.lang
        cross join lateral (values
          (0, 'question', null::smallint, 0::smallint, interval '0'),
          (1, 'reply', 0::smallint, 2::smallint, interval '8 hours'),
          (2, 'follow_up', 2::smallint, 1::smallint, interval '1 day'),
          (3, 'reply', 1::smallint, 2::smallint, interval '1 day 4 hours')
        ) as e(step, kind, status_before, status_after, after)
        where w.id > (select ticket_before from scale_pick)
          and (e.step = 0
            or (e.step = 1 and w.status in (2, 3))
            or (e.step = 2 and (w.status = 1 or (w.status in (2, 3) and w.id % 20 < 14)))
            or (e.step = 3 and w.status in (2, 3) and w.id % 20 < 14))
        order by w.id, e.step;`,
    },
    // What migration 0044's triggers keep for each ticket (off during the load): its title's and thread's
    // character triples, by who wrote the messages. Minutes of one core per million tickets: two thirds in the
    // tickets' lane once their messages are in, a third in the orders' lane after its own steps, so that both
    // cores work until the indexes are built.
    ...[
      { part: 'w.id % 3 <> 0', lane: 2 },
      { part: 'w.id % 3 = 0', lane: 1 },
    ].map(({ part, lane }) => ({
      name: `ticket search triples (${part})`,
      lane,
      after: 'ticket messages',
      sql: `
        insert into cs_work_order_search (work_order_id, created_at, last_asked_at, title, asked, replied)
        select w.id, w.created_at, w.last_asked_at, gp_trigrams(w.title),
          coalesce(gp_tsvector_union(gp_trigrams(m.content)) filter (where m.kind in ('question', 'follow_up')), ''),
          coalesce(gp_tsvector_union(gp_trigrams(m.content)) filter (where m.kind = 'reply'), '')
        from cs_work_order w
        left join cs_work_order_message m on m.work_order_id = w.id
        where w.id > (select ticket_before from scale_pick) and ${part}
        group by w.id;`,
    })),
    {
      name: `FAQ (${counts.faqs}, five languages)`,
      lane: 3,
      sql: `
        insert into cs_faq (slug, game_base_id, question_type_id, online_type, online_time, is_online, sort,
          created_at, updated_at)
        select 'scale-faq-' || g, case when g % 5 = 0 then null else ${pickGame} end,
          p.faq_types[1 + g % cardinality(p.faq_types)], 1, t, g % 50 <> 0, g % 10, t, t
        from (select g, now() - ${ageDays} * interval '1 day' as t from generate_series(1, ${counts.faqs}) g) s
        cross join scale_pick p;
        insert into cs_faq_i18n (faq_id, lang, title, content)
        select f.id, v.lang, ${pick('short')}, ${pick('long')} || ' ' || ${pick('long')}
        from cs_faq f cross join scale_vocab v
        where f.id > (select faq_before from scale_pick);`,
    },
    {
      name: `news (${counts.news}, five languages)`,
      lane: 4,
      sql: `
        insert into article (kind, slug, category, game_base_id, cover_media_id, cover_h5_media_id, status, publish_at,
          unpublish_at, pinned, starts_at, ends_at, created_at, updated_at)
        select k, 'scale-' || k || '-' || g,
          case when k = 'news' then (array['notice', 'update', 'maintenance'])[1 + g % 3]
            else (array['event', 'campaign', 'tournament'])[1 + g % 3] end,
          case when g % 4 = 0 then null else ${pickGame} end,
          p.media_ids[1 + g % cardinality(p.media_ids)],
          p.media_ids[1 + (g + 1) % cardinality(p.media_ids)],
          case when g % 40 = 0 then 'draft' when g % 97 = 0 then 'scheduled' else 'published' end,
          t + case when g % 97 = 0 then interval '20 days' else interval '0' end,
          case when g % 30 = 0 then t + interval '60 days' end,
          false,
          case when k = 'activity' then t end, case when k = 'activity' then t + interval '14 days' end,
          t, t
        from (
          select g, case when g % 5 = 0 then 'activity' else 'news' end as k,
            now() - ${ageDays} * interval '1 day' as t
          from generate_series(1, ${counts.news}) g
        ) s cross join scale_pick p;
        insert into article_i18n (article_id, lang, title, summary, body_html)
        select a.id, v.lang, ${pick('short')}, ${pick('long')},
          '<p>' || ${pick('long')} || '</p><p>' || ${pick('long')} || '</p>'
        from article a cross join scale_vocab v
        where a.id > (select article_before from scale_pick);`,
    },
    {
      name: 'clean up',
      lane: 9,
      sql: `drop function scale_words(text, int);
        drop function scale_text_at(text, text, int);
        drop table scale_vocab;
        drop table scale_text;
        drop table scale_word;
        drop table scale_pick;`,
    },
  ];
}

/** The tables the load fills. */
export const scaleTables = [
  'member',
  'pay_order',
  'pay_order_event',
  'pay_delivery_job',
  'cs_work_order',
  'cs_work_order_message',
  'cs_work_order_search',
  'cs_faq',
  'cs_faq_i18n',
  'article',
  'article_i18n',
] as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function runStatements(db: Db, text: string) {
  // One statement per call: PGlite's extended protocol takes no more.
  for (const statement of text.split(/;\s*(?:\n|$)/).map((s) => s.trim())) {
    if (statement) await db.execute(sql.raw(statement));
  }
}

/**
 * Runs the steps on `db`, timed. The plain indexes of the filled tables (not those behind a primary key, unique
 * or other constraint, which keep checking every row) and their foreign keys are dropped first and built again at
 * the end from their own definitions: building an index once is many times faster than keeping it up to date row
 * by row, and adding a foreign key checks every row in one join (a violation fails the load). Answers the seconds
 * each step took.
 */
export async function loadScale(
  db: Db,
  counts: ScaleCounts,
  passwordHash: string,
  log: (line: string) => void = () => {},
): Promise<{ step: string; seconds: number }[]> {
  const timings: { step: string; seconds: number }[] = [];
  const timed = async (name: string, work: () => Promise<void>) => {
    const started = performance.now();
    await work();
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    log(`  ${name}: ${seconds} s`);
    timings.push({ step: name, seconds });
  };
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = current_schema()
        and i.tablename in (${sql.join(
          scaleTables.map((t) => sql`${t}`),
          sql`, `,
        )})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
      order by i.indexname`),
  );
  // The foreign keys of the filled tables: checked once for all rows when they are added back (one join per key)
  // instead of one look-up per inserted row - the same proof that every row is valid, many times cheaper.
  const foreignKeys = rowsOf<{ table: string; name: string; definition: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
      from pg_constraint c
      where c.contype = 'f'
        and c.conrelid::regclass::text in (${sql.join(
          scaleTables.map((t) => sql`${t}`),
          sql`, `,
        )})
      order by c.conname`),
  );
  // The tables' own triggers (the ticket's stored reply status, kept from its thread: migration 0032) are off
  // during the load, which writes those columns itself; they would look up each thread without its index.
  const tables = scaleTables.map((t) => `"${t}"`);
  await timed(`drop ${indexes.length} plain indexes and ${foreignKeys.length} foreign keys`, async () => {
    for (const table of tables) await db.execute(sql.raw(`alter table ${table} disable trigger user`));
    for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`));
    for (const key of foreignKeys) {
      await db.execute(sql.raw(`alter table "${key.table}" drop constraint "${key.name}"`));
    }
  });
  const steps = scaleSteps(counts, passwordHash);
  const lane = (n: number) => steps.filter((s) => s.lane === n);
  for (const step of lane(0)) await timed(step.name, () => runStatements(db, step.sql));
  const lanes = [...new Set(steps.map((s) => s.lane))].filter((n) => n !== 0 && n !== 9);
  // Each step's end, for the steps of other lanes that wait for it (`after`).
  const ended = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const endOf = (name: string) => {
    let entry = ended.get(name);
    if (!entry) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      entry = { promise, resolve };
      ended.set(name, entry);
    }
    return entry;
  };
  for (const step of steps) {
    if (step.after && !steps.some((s) => s.name === step.after)) {
      throw new Error(`scale step ${step.name}: no step ${step.after} to wait for`);
    }
  }
  await Promise.all(
    lanes.map(async (n) => {
      for (const step of lane(n)) {
        if (step.after) await endOf(step.after).promise;
        await timed(step.name, () => runStatements(db, step.sql));
        endOf(step.name).resolve();
      }
    }),
  );
  for (const step of lane(9)) await timed(step.name, () => runStatements(db, step.sql));
  await timed(`build ${indexes.length} indexes`, async () => {
    // Two at a time: one per core of the machine the budgets are for. The GIN and RUM indexes of character pairs
    // and triples take minutes (every text's pieces are sorted) against seconds for a B-tree: they go first, so the
    // B-trees are built beside them rather than after.
    const gin = (definition: string) => (/ using (gin|rum) /i.test(definition) ? 0 : 1);
    const queue = [...indexes].sort((a, b) => gin(a.definition) - gin(b.definition));
    await Promise.all(
      [0, 1].map(async () => {
        for (let index = queue.shift(); index; index = queue.shift()) {
          await db.execute(sql.raw(index.definition));
        }
      }),
    );
  });
  await timed(`add and check ${foreignKeys.length} foreign keys`, async () => {
    for (const key of foreignKeys) {
      await db.execute(sql.raw(`alter table "${key.table}" add constraint "${key.name}" ${key.definition}`));
    }
    for (const table of tables) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
    // What the triggers would have told the readers of the FAQ (migration 0036): it changed.
    await db.execute(sql`update cs_faq_version set version = version + 1`);
  });
  return timings;
}
