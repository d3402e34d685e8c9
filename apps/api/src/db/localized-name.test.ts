import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './database.ts';
import { gameNames, localizedName, lookUp } from './localized-name.ts';
import { game, gameI18n } from './schema/game.schema.ts';

describe('localizedName and lookUp', () => {
  let database: Database;
  let ids: number[];
  beforeAll(async () => {
    database = await openTestDatabase();
    const made = await database.db
      .insert(game)
      .values(
        ['both', 'en-only', 'none'].map((slug) => ({
          gameId: `localized-${slug}`,
          slug: `localized-${slug}`,
          url: 'https://example.test/',
        })),
      )
      .returning({ id: game.gameBaseId });
    ids = made.map((g) => g.id);
    await database.db.insert(gameI18n).values([
      { gameBaseId: ids[0]!, lang: 'en', name: 'Both' },
      { gameBaseId: ids[0]!, lang: 'th', name: 'ทั้งสอง' },
      { gameBaseId: ids[1]!, lang: 'en', name: 'English only' },
    ]);
  });
  afterAll(async () => {
    await database.close();
  });

  it("names each row in the language, else in en, else '' - never another row's name", async () => {
    const names = await database.db
      .select({ slug: game.slug, name: localizedName(gameNames, game.gameBaseId, 'th') })
      .from(game)
      .where(inArray(game.gameBaseId, ids))
      .orderBy(asc(game.gameBaseId));
    expect(names).toEqual([
      { slug: 'localized-both', name: 'ทั้งสอง' },
      { slug: 'localized-en-only', name: 'English only' },
      { slug: 'localized-none', name: '' },
    ]);
  });

  it('looks one column up by key, null when there is no such row', async () => {
    const rows = await database.db
      .select({
        slug: game.slug,
        en: lookUp<string | null>(gameI18n.name, gameI18n.gameBaseId, game.gameBaseId),
      })
      .from(game)
      .where(inArray(game.gameBaseId, [ids[1]!, ids[2]!]))
      .orderBy(asc(game.gameBaseId));
    expect(rows).toEqual([
      { slug: 'localized-en-only', en: 'English only' },
      { slug: 'localized-none', en: null },
    ]);
  });
});
