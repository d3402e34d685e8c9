/**
 * The demo data a fresh start seeds (news, events, banners, home modules, games, fan groups, question types and
 * FAQ) speaks as the product does: GLOSSARY.md's forbidden words, its one name per concept, and 您 in cn / zh.
 * The term-by-term check of the locales is left out: marketing prose uses "member" or "server" in senses the
 * glossary's table does not mean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findForbidden,
  findInformalYou,
  findMixedNames,
  parseConcepts,
  parseForbidden,
} from '@gp/i18n/glossary';
import activities from './content/activities.json' with { type: 'json' };
import banners from './content/banners.json' with { type: 'json' };
import home from './content/home.json' with { type: 'json' };
import news from './content/news.json' with { type: 'json' };
import { demoFaqs, demoQuestionTypes } from './cs-data.ts';
import { demoFanGroups, demoGames } from './platform.seed.ts';

const langs = ['en', 'th', 'cn', 'vi', 'zh'] as const;
const translated = langs.filter((l) => l !== 'en');

/** Every text of the demo data per language, keyed by where it sits (`news.3.body`). */
function demoTexts(): Record<string, Map<string, string>> {
  const texts = Object.fromEntries(langs.map((l) => [l, new Map<string, string>()]));
  const isPerLanguage = (node: object) => langs.every((l) => l in node);
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (isPerLanguage(node)) {
      for (const lang of langs) {
        const value = (node as Record<string, unknown>)[lang];
        if (typeof value === 'string') texts[lang]!.set(path, value);
        else if (typeof value === 'object' && value !== null)
          for (const [field, text] of Object.entries(value))
            if (typeof text === 'string') texts[lang]!.set(`${path}.${field}`, text);
      }
      return;
    }
    for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk({ news, activities, banners, home, demoFaqs, demoQuestionTypes, demoGames, demoFanGroups }, '');
  return texts;
}

describe('demo data texts', () => {
  const glossary = readFileSync(
    join(import.meta.dirname, '..', '..', '..', '..', '..', 'packages', 'i18n', 'GLOSSARY.md'),
    'utf8',
  );
  const texts = demoTexts();

  it('are found in every language', () => {
    for (const lang of langs) expect(texts[lang]!.size, lang).toBeGreaterThan(100);
  });

  it('call the reader 您 in cn and zh', () => {
    expect(findInformalYou(texts)).toEqual([]);
  });

  it('use no word the glossary forbids, and one name per concept', () => {
    expect(findForbidden(parseForbidden(glossary, translated), texts)).toEqual([]);
    expect(findMixedNames(parseConcepts(glossary, translated), texts)).toEqual([]);
  });
});
