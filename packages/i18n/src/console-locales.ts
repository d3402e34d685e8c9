/**
 * The locale files of the console's namespaces (`consoleNamespaces`), for `createI18n(lang, consoleNamespaces,
 * consoleLocales)`. A module of their own so that only the console's build has them: the player apps never load
 * these namespaces, and the staff domain's error texts (`staff-errors`) answer no call a player app makes.
 */
import type { LocaleLoaders } from './i18n.ts';

export const consoleLocales: LocaleLoaders = import.meta.glob<{ default: Record<string, unknown> }>(
  '../locales/*/{admin,desk,cms,ops,staff-errors}.json',
);
