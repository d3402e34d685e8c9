/**
 * Seed step `cs-v1`: customer-service question types and FAQ entries (cs-data.ts), general and per demo game,
 * in the five languages. A demo game that no longer exists is skipped with its entries.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { csFaq, csFaqI18n, csQuestionType, csQuestionTypeI18n } from '../../db/schema/cs.schema.ts';
import { game } from '../../db/schema/game.schema.ts';
import { demoFaqs, demoQuestionTypes, type Lang, type Texts } from './cs-data.ts';

const langs = Object.keys({ en: 1, th: 1, cn: 1, vi: 1, zh: 1 } satisfies Record<Lang, 1>) as Lang[];
const perLanguage = (texts: Texts) => langs.map((lang) => ({ lang, text: texts[lang] }));

export async function seedCs(db: Db): Promise<void> {
  const gameIds = [...new Set([...demoQuestionTypes, ...demoFaqs].map((x) => x.gameId))].filter(
    (id): id is string => id !== null,
  );
  const games = await db
    .select({ gameId: game.gameId, gameBaseId: game.gameBaseId })
    .from(game)
    .where(inArray(game.gameId, gameIds));
  const baseIdOf = new Map(games.map((g) => [g.gameId, g.gameBaseId]));
  /** Undefined: the game is gone, skip; null: every game. */
  const gameOf = (gameId: string | null) => (gameId === null ? null : baseIdOf.get(gameId));

  const typeIds = new Map<string, number>();
  for (const [sort, type] of demoQuestionTypes.entries()) {
    const gameBaseId = gameOf(type.gameId);
    if (gameBaseId === undefined) continue;
    const [row] = await db
      .insert(csQuestionType)
      .values({ slug: type.slug, gameBaseId, forFaq: type.forFaq, forTicket: type.forTicket, sort })
      .returning({ id: csQuestionType.id });
    if (!row) throw new Error(`question type ${type.slug} was not inserted`);
    typeIds.set(type.slug, row.id);
    await db
      .insert(csQuestionTypeI18n)
      .values(
        perLanguage(type.names).map(({ lang, text }) => ({ questionTypeId: row.id, lang, name: text })),
      );
  }

  for (const [sort, faq] of demoFaqs.entries()) {
    const gameBaseId = gameOf(faq.gameId);
    const questionTypeId = typeIds.get(faq.type);
    if (gameBaseId === undefined || questionTypeId === undefined) continue;
    const [row] = await db
      .insert(csFaq)
      .values({ slug: faq.slug, gameBaseId, questionTypeId, sort })
      .returning({ id: csFaq.id });
    if (!row) throw new Error(`FAQ ${faq.slug} was not inserted`);
    await db
      .insert(csFaqI18n)
      .values(
        langs.map((lang) => ({ faqId: row.id, lang, title: faq.title[lang], content: faq.content[lang] })),
      );
  }
}
