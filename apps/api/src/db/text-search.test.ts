import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './database.ts';
import {
  containsPattern,
  containsText,
  foldCase,
  foldText,
  mayContainTriples,
  trigramQuery,
} from './text-search.ts';

/** One database for the tests that ask it (PGlite, or PostgreSQL with DATABASE_URL). */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

describe('foldCase', () => {
  it('folds ASCII, Vietnamese, Latin-1, Greek and Cyrillic capitals and leaves caseless scripts alone', () => {
    expect(foldCase('PASSWORD')).toBe('password');
    expect(foldCase('BANG HỘI')).toBe('bang hội');
    expect(foldCase('ĐĂNG NHẬP')).toBe('đăng nhập');
    expect(foldCase('ÉCOLE Ñ')).toBe('école ñ');
    expect(foldCase('ΣΩ ПРИВЕТ')).toBe('σω привет');
    expect(foldCase('รหัสผ่าน 公会')).toBe('รหัสผ่าน 公会');
  });

  it('composes first, as browsers send and staff type', () => {
    expect(foldCase('HO\u0302\u0323I')).toBe('hội');
  });

  it('has foldText fold a stored text alike, without composing it (the database does not)', () => {
    expect(foldText('BANG HỘI ĐĂNG NHẬP ÉCOLE ΣΩ ПРИВЕТ รหัส 公会')).toBe(
      'bang hội đăng nhập école σω привет รหัส 公会',
    );
    expect(foldText('HO\u0302\u0323I')).toBe('ho\u0302\u0323i');
  });
});

describe('containsPattern', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('containsText in the database', () => {
  it('finds what folding the whole text would find, translating only the keyword letters', async () => {
    const texts = [
      'Đăng nhập BANG HỘI',
      'ÉCOLE élève',
      'ΣΩ ПРИВЕТ мир',
      'รหัสผ่านของบัญชี',
      '公会兑换码',
      'Reset your PASSWORD',
      'ĐĂNG NHẬP bang hội',
      'dang nhap bang hoi',
      'ÉCOLE Ñandú σω ПРИВЕТ',
      '50%_off',
    ];
    const keywords = [
      'bang hội',
      'HỘI',
      'Đăng',
      'đĂNG NHẬP',
      'école',
      'ÉLÈVE',
      'σω п',
      'Привет',
      'МИР',
      'ผ่านข',
      '兑换',
      'password',
      'hội b',
      'ecole',
      'nhập',
      'NHAP',
      'ñ',
      'Σ',
      '%_o',
      'x',
    ];
    for (const text of texts) {
      for (const keyword of keywords) {
        const { found } = await one<{ found: boolean }>(
          sql`select ${containsText(sql`${text}::text`, keyword)} as found`,
        );
        // The texts are NFC already, so foldCase on the text is the fold of the whole table.
        expect(found, `${keyword} in ${text}`).toBe(foldCase(text).includes(foldCase(keyword)));
        // foldText (the in-memory FAQ search) answers as the database does.
        expect(foldText(text).includes(foldCase(keyword)), `${keyword} in ${text} (foldText)`).toBe(found);
      }
    }
  });

  it('leaves translate() out when the keyword has no letter the table folds', () => {
    const query = (keyword: string) =>
      new PgDialect().sqlToQuery(containsText(sql.identifier('title'), keyword)).sql;
    expect(query('PASSWORD')).not.toContain('translate');
    expect(query('公会')).not.toContain('translate');
    expect(query('HỘI')).toContain('translate');
  });
});

describe("the triples of the desk's search (migration 0044)", () => {
  it('answers the triples of the lower-cased text, the last two with the end mark', async () => {
    const { triples, empty, single } = await one<{ triples: string[]; empty: string[]; single: string[] }>(
      sql`select tsvector_to_array(gp_trigrams('AB 公会')) as triples,
        tsvector_to_array(gp_trigrams('')) as empty, tsvector_to_array(gp_trigrams('x')) as single`,
    );
    expect([...triples].sort()).toEqual(['ab ', 'b 公', ' 公会', '公会\u001f'].sort());
    expect(empty).toEqual([]);
    expect(single).toEqual([]);
  });

  it('asks for the triples in every spelling lower() may leave, else for the pairs as the start of a triple', () => {
    expect(trigramQuery('风影海')).toBe("'风影海'");
    expect(trigramQuery('BANG hội')).toBe(
      "'ban' & 'ang' & 'ng ' & 'g h' & (' hộ' | ' hỘ') & ('hội' | 'hỘi')",
    );
    expect(trigramQuery('公会')).toBe("'公会':*");
    expect(trigramQuery("O'\\")).toBe("'o''\\\\'");
    expect(trigramQuery('x')).toBeUndefined();
    expect(trigramQuery('Ộ')).toBeUndefined();
    expect(trigramQuery('ÁN')).toBe("('án':* | 'Án':*)");
  });

  it('never rules out a text containsText finds, in any script, wherever the keyword stands', async () => {
    const texts = [
      'Đăng nhập BANG HỘI',
      'รหัสผ่านของบัญชี',
      '公会兑换码',
      'Reset your PASSWORD now',
      "50%_off it's",
      'ab',
    ];
    const keywords = [
      'bang hội',
      'ผ่านข',
      '兑换',
      '换码',
      'password',
      'WORD N',
      '%_o',
      "t's",
      'hội b',
      'ภาษา',
      'ab',
      'x',
      'a"b\\c',
    ];
    for (const text of texts) {
      for (const keyword of keywords) {
        const maybe = mayContainTriples(sql`gp_trigrams(${text}::text)`, keyword);
        const { exact, possible } = await one<{ exact: boolean; possible: boolean }>(
          sql`select ${containsText(sql`${text}::text`, keyword)} as exact, ${maybe ?? sql`true`} as possible`,
        );
        if (exact) expect(possible, `${keyword} in ${text}`).toBe(true);
      }
    }
  });

  it('rules out a text that lacks a triple of the keyword', async () => {
    const { possible } = await one<{ possible: boolean }>(
      sql`select ${mayContainTriples(sql`gp_trigrams('风影 影海')`, '风影海')!} as possible`,
    );
    expect(possible).toBe(false);
  });
});
