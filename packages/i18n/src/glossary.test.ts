/** GLOSSARY.md is kept: every translation of an en string that uses a key term uses the glossary's word for it. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findCappedCounts,
  findDrift,
  findForbidden,
  findInformalYou,
  findMixedNames,
  parseConcepts,
  parseForbidden,
  parseGlossary,
  usesRendering,
  usesTerm,
  withoutQuotes,
  type GlossaryTerm,
} from './glossary.ts';
import { enabledLanguages } from './languages.ts';

const root = join(import.meta.dirname, '..');
const translated = enabledLanguages.filter((l) => l !== 'en');

function leaves(tree: unknown, prefix: string, out: Map<string, string>): Map<string, string> {
  if (typeof tree === 'object' && tree !== null) {
    for (const [k, v] of Object.entries(tree)) leaves(v, `${prefix}.${k}`, out);
  } else if (typeof tree === 'string') {
    out.set(prefix.replace('.', ':'), tree); // "ns.a.b" -> "ns:a.b"
  }
  return out;
}

/** Every string of a language, keyed `namespace:path`. */
function strings(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of readdirSync(join(root, 'locales', lang)).filter((f) => f.endsWith('.json'))) {
    leaves(
      JSON.parse(readFileSync(join(root, 'locales', lang, file), 'utf8')),
      file.replace(/\.json$/, ''),
      out,
    );
  }
  return out;
}

describe('GLOSSARY.md', () => {
  const markdown = readFileSync(join(root, 'GLOSSARY.md'), 'utf8');
  const terms = parseGlossary(markdown, translated);
  const texts = Object.fromEntries(translated.map((l) => [l, strings(l)]));

  it('names the key terms in every language', () => {
    expect(terms.length).toBeGreaterThanOrEqual(40);
    for (const term of terms)
      expect(Object.keys(term.renderings).sort(), term.en[0]).toEqual([...translated].sort());
  });

  it('is kept by every translation', () => {
    const drift = findDrift(terms, strings('en'), Object.fromEntries(translated.map((l) => [l, strings(l)])));
    const report = drift.map(
      (d) => `${d.lang} ${d.key} (${d.term} -> ${d.expected.join(' / ')}): ${d.translation.slice(0, 80)}`,
    );
    expect(report).toEqual([]);
  });

  it('cn and zh say 您 to the reader, never 你', () => {
    expect(findInformalYou(texts)).toEqual([]);
  });

  it('no translation uses a word the glossary forbids', () => {
    const words = parseForbidden(markdown, translated);
    expect(words.length).toBeGreaterThanOrEqual(20);
    expect(findForbidden(words, texts)).toEqual([]);
  });

  it('each language names a concept one way on every page', () => {
    const concepts = parseConcepts(markdown, translated);
    expect(concepts.map((c) => c.concept)).toContain('two-step verification');
    expect(findMixedNames(concepts, texts)).toEqual([]);
  });

  it('capped counts say "at least"', () => {
    const atLeast = parseConcepts(markdown, translated).find((c) => c.concept.startsWith('at least'))!;
    const words = Object.fromEntries(Object.entries(atLeast.names).map(([l, names]) => [l, names[0]!]));
    expect(Object.keys(words).sort()).toEqual([...translated].sort());
    expect(findCappedCounts(words, strings('en'), texts)).toEqual([]);
  });
});

const sample = `
Some prose first | with a pipe that is no table.

| en | th | cn | notes |
| --- | --- | --- | --- |
| ticket | คำร้อง | 工单 | not ทิกเก็ต |
| **game** (not: JoyPeak Games) | เกม | \`游戏\` | |
| character (not: # characters, control characters, \`desk:table.character\`) | ตัวละคร | 角色 | |
| top-up / top up | เติมเงิน | 充值 / 到账 | |
| reply | — | 回复 | th unchecked |

After the table.
`;

describe('parseGlossary', () => {
  const terms = parseGlossary(sample, ['th', 'cn']);
  const byTerm = (en: string) => terms.find((t) => t.en[0] === en)!;

  it('reads forms, exclusions, renderings and variants', () => {
    expect(terms.map((t) => t.en[0])).toEqual(['ticket', 'game', 'character', 'top-up', 'reply']);
    expect(byTerm('game')).toEqual({
      en: ['game'],
      notPhrases: ['JoyPeak Games'],
      notKeys: [],
      renderings: { th: ['เกม'], cn: ['游戏'] },
    });
    expect(byTerm('character').notPhrases).toEqual(['# characters', 'control characters']);
    expect(byTerm('character').notKeys).toEqual(['desk:table.character']);
    expect(byTerm('top-up').en).toEqual(['top-up', 'top up']);
    expect(byTerm('top-up').renderings.cn).toEqual(['充值', '到账']);
    expect(byTerm('reply').renderings).toEqual({ cn: ['回复'] });
  });

  it('fails without a table naming the languages', () => {
    expect(() => parseGlossary(sample, ['th', 'vi'])).toThrow(/no table/);
    expect(() => parseGlossary('| en | th |\n| --- | --- |\n', ['th'])).toThrow(/empty/);
  });
});

describe('usesTerm', () => {
  const [ticket, game, character, topUp] = parseGlossary(sample, ['th', 'cn']) as GlossaryTerm[];
  it('matches whole words in any case, singular or plural', () => {
    expect(usesTerm(ticket!, 'k', 'Ticket desk')).toBe(true);
    expect(usesTerm(ticket!, 'k', 'Reply to {{count}} tickets')).toBe(true);
    expect(usesTerm(ticket!, 'k', 'Ticketing rules')).toBe(false);
    expect(usesTerm(topUp!, 'k', 'Top-ups are off')).toBe(true);
    expect(usesTerm(topUp!, 'k', 'Top up now')).toBe(true);
    expect(usesTerm(topUp!, 'k', 'Stop uploading')).toBe(false);
  });
  it('skips placeholders, markup, excluded phrases and keys', () => {
    expect(usesTerm(game!, 'k', 'Top-up details for {{game}}')).toBe(false);
    expect(usesTerm(game!, 'k', '© 2026 JoyPeak Games')).toBe(false);
    expect(usesTerm(game!, 'k', 'JoyPeak Games publishes this game')).toBe(true);
    expect(usesTerm(character!, 'k', 'At most {{max}} characters, no control characters')).toBe(false);
    expect(usesTerm(character!, 'k', 'Use 1–32 characters')).toBe(false);
    expect(usesTerm(character!, 'k', 'Choose a character (20 characters at most)')).toBe(true);
    expect(usesTerm(character!, 'desk:table.character', 'Character')).toBe(false);
  });
});

describe('usesRendering', () => {
  it('looks for the rendering or a variant, ignoring case and placeholders', () => {
    expect(usesRendering(['nạp tiền', 'nạp'], 'Gói nạp')).toBe(true);
    expect(usesRendering(['game'], 'Game đề xuất')).toBe(true);
    expect(usesRendering(['game'], 'Trò chơi {{game}}')).toBe(false);
    // Vietnamese typed with combining marks is the same text.
    expect(usesRendering(['nạp'], 'na\u0323p')).toBe(true);
  });
});

describe('findDrift', () => {
  const terms = parseGlossary(sample, ['th', 'cn']);
  const en = new Map([
    ['desk:title', 'Ticket desk'],
    ['pay:title', 'Top up {{game}}'],
    ['desk:table.character', 'Character'],
    ['service:reply', 'Send reply'],
  ]);

  it('passes translations that use the glossary words or their variants', () => {
    const th = new Map([
      ['desk:title', 'จัดการคำร้อง'],
      ['pay:title', 'เติมเงิน {{game}}'],
      ['desk:table.character', 'ชื่อ'],
      ['service:reply', 'ส่ง'], // th is unchecked for "reply"
    ]);
    const cn = new Map([
      ['desk:title', '工单处理台'],
      ['pay:title', '{{game}} 到账'],
      ['desk:table.character', '名称'],
      ['service:reply', '发送回复'],
    ]);
    expect(findDrift(terms, en, { th, cn })).toEqual([]);
  });

  it('reports each translation that uses another word', () => {
    const th = new Map([
      ['desk:title', 'โต๊ะงานทิกเก็ต'],
      ['pay:title', 'เติมเงิน {{game}}'],
      ['service:reply', 'ส่ง'],
    ]);
    const cn = new Map([
      ['desk:title', '工单处理台'],
      ['pay:title', '{{game}} 储值'],
      ['service:reply', '发送答复'],
    ]);
    expect(findDrift(terms, en, { th, cn })).toEqual([
      {
        term: 'ticket',
        lang: 'th',
        key: 'desk:title',
        source: 'Ticket desk',
        translation: 'โต๊ะงานทิกเก็ต',
        expected: ['คำร้อง'],
      },
      {
        term: 'top-up',
        lang: 'cn',
        key: 'pay:title',
        source: 'Top up {{game}}',
        translation: '{{game}} 储值',
        expected: ['充值', '到账'],
      },
      {
        term: 'reply',
        lang: 'cn',
        key: 'service:reply',
        source: 'Send reply',
        translation: '发送答复',
        expected: ['回复'],
      },
    ]);
  });
});

const sections = `
| en | th | cn |
| --- | --- | --- |
| ticket | คำร้อง | 工单 |

## Forbidden words

Prose first.

| language | word | write instead | why |
| --- | --- | --- | --- |
| th | โปรด (not: คันโปรด) | กรุณา | |
| cn | 后台 (not: ops:help.legacy) | 控制台 | |

## One name per concept

| concept | th | cn |
| --- | --- | --- |
| two-step verification | การยืนยันตัวตนสองขั้นตอน / การยืนยันขั้นที่สอง | 两步验证 / 第二重验证 |
| e-mail address | — | 邮箱 / 电子邮件地址 |
| at least | อย่างน้อย | 至少 |
`;

describe('parseForbidden and parseConcepts', () => {
  it('read the sections below the terms table', () => {
    expect(parseForbidden(sections, ['th', 'cn'])).toEqual([
      { lang: 'th', word: 'โปรด', notPhrases: ['คันโปรด'], notKeys: [], instead: 'กรุณา' },
      { lang: 'cn', word: '后台', notPhrases: [], notKeys: ['ops:help.legacy'], instead: '控制台' },
    ]);
    expect(parseConcepts(sections, ['th', 'cn'])).toEqual([
      {
        concept: 'two-step verification',
        names: { th: ['การยืนยันตัวตนสองขั้นตอน', 'การยืนยันขั้นที่สอง'], cn: ['两步验证', '第二重验证'] },
      },
      { concept: 'e-mail address', names: { cn: ['邮箱', '电子邮件地址'] } },
      { concept: 'at least', names: { th: ['อย่างน้อย'], cn: ['至少'] } },
    ]);
    expect(() => parseForbidden(sections, ['cn'])).toThrow(/unknown language "th"/);
    expect(() => parseForbidden('# none', ['th'])).toThrow(/no section/);
  });
});

describe('findInformalYou', () => {
  it('finds 你 and 你们 outside quotation marks, not 您', () => {
    const cn = new Map([
      ['a', '您的订单'],
      ['b', '你的订单'],
      ['c', '玩家写道：「你们好」'],
      ['d', '感谢你们'],
    ]);
    const zh = new Map([['e', '您於「你好」之後']]);
    expect(findInformalYou({ cn, zh })).toEqual(['cn b: 你的订单', 'cn d: 感谢你们']);
    expect(withoutQuotes('a “b” c')).toBe('a   c');
  });
});

describe('findForbidden', () => {
  const words = parseForbidden(sections, ['th', 'cn']);
  it('finds the word in its language only, outside quotes and the keys it is right in', () => {
    const th = new Map([
      ['a', 'โปรดลองอีกครั้ง'],
      ['b', 'กรุณาลองอีกครั้ง'],
      ['f', 'แต่งรถคันโปรด'],
    ]);
    const cn = new Map([
      ['c', '后台设置'],
      ['ops:help.legacy', '旧后台'],
      ['d', '玩家说“后台”'],
      ['e', 'โปรด'],
    ]);
    expect(findForbidden(words, { th, cn })).toEqual([
      'th a: "โปรด" (write กรุณา): โปรดลองอีกครั้ง',
      'cn c: "后台" (write 控制台): 后台设置',
    ]);
  });
});

describe('findMixedNames', () => {
  const concepts = parseConcepts(sections, ['th', 'cn']);
  it('passes a language that keeps to one name, whichever', () => {
    const cn = new Map([
      ['a', '重置第二重验证'],
      ['b', '第二重验证已变更'],
    ]);
    expect(findMixedNames(concepts, { cn })).toEqual([]);
  });
  it('reports a language naming a concept two ways, with the keys', () => {
    const cn = new Map([
      ['a', '两步验证'],
      ['b', '重置第二重验证'],
      ['c', '邮箱'],
    ]);
    const th = new Map([['d', 'การยืนยันตัวตนสองขั้นตอน']]);
    expect(findMixedNames(concepts, { th, cn })).toEqual([
      'cn two-step verification: 两步验证 (a) / 第二重验证 (b)',
    ]);
  });
});

describe('findCappedCounts', () => {
  it('wants the "at least" word where en says {{total}}+', () => {
    const en = new Map([
      ['a', '{{total}}+ orders'],
      ['b', '{{total}} orders'],
    ]);
    const cn = new Map([
      ['a', '超过 {{total}} 个订单'],
      ['b', '{{total}} 个订单'],
    ]);
    const th = new Map([['a', 'อย่างน้อย {{total}} คำสั่งซื้อ']]);
    expect(findCappedCounts({ th: 'อย่างน้อย', cn: '至少' }, en, { th, cn })).toEqual([
      'cn a: 超过 {{total}} 个订单 (say 至少)',
    ]);
  });
});
