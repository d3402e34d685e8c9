/**
 * i18next runs in real BCP 47 tags (cn -> zh-Hans, zh -> zh-Hant): plural rules and the fallback to en then go by
 * the page language, not by whatever Intl makes of `cn` (the browser's own locale).
 */
import { describe, expect, it } from 'vitest';
import type { EnabledLanguage } from '@gp/config';
import { codes } from '@gp/errors';
import { consoleLocales } from './console-locales.ts';
import { addStrings, consoleNamespaces, createI18n, errorText, playerNamespaces } from './i18n.ts';
import { enabledLanguages, languageOf } from './languages.ts';
import thStaff from '../locales/th/staff-errors.json' with { type: 'json' };
import thErrors from '../locales/th/errors.json' with { type: 'json' };

const tags: [EnabledLanguage, string][] = [
  ['en', 'en'],
  ['th', 'th'],
  ['cn', 'zh-Hans'],
  ['vi', 'vi'],
  ['zh', 'zh-Hant'],
];

/** One key per plural category, so `t` shows which one i18next picked (no `_zero`: i18next's own 0 rule). */
const probe = {
  item_one: 'one',
  item_two: 'two',
  item_few: 'few',
  item_many: 'many',
  item_other: 'other',
};

describe('createI18n', () => {
  it.each(tags)('%s runs i18next in %s and maps back to our code', async (code, tag) => {
    const i18n = await createI18n(code);
    expect(i18n.language).toBe(tag);
    expect(i18n.resolvedLanguage).toBe(tag);
    expect(languageOf(i18n.language)).toBe(code);
    // Intl knows the tag's language (it keeps the script out of plural data): not the browser's fallback.
    const pluralLocale = new Intl.PluralRules(i18n.language).resolvedOptions().locale;
    expect(pluralLocale.split('-')[0]).toBe(tag.split('-')[0]);
  });

  it.each([
    // Thai, Chinese and Vietnamese have one form for every count; English has "one" for 1.
    ['en', { 1: 'one', 2: 'other', 0: 'other' }],
    ['th', { 1: 'other', 2: 'other', 0: 'other' }],
    ['cn', { 1: 'other', 2: 'other', 0: 'other' }],
    ['vi', { 1: 'other', 2: 'other', 0: 'other' }],
    ['zh', { 1: 'other', 2: 'other', 0: 'other' }],
  ] as const)('%s picks the plural key of its own language', async (code, expected) => {
    const i18n = await createI18n(code);
    addStrings(i18n, 'static', { [code]: probe });
    for (const [count, key] of Object.entries(expected)) {
      expect(i18n.t('static:item', { count: Number(count) }), `${code} count ${count}`).toBe(key);
    }
  });

  it('uses the real plural keys of the locale files', async () => {
    const en = await createI18n('en', ['desk'], consoleLocales);
    expect(en.t('desk:queue.total', { count: 1 })).toBe('1 ticket');
    expect(en.t('desk:queue.total', { count: 3 })).toBe('3 tickets');
    const cn = await createI18n('cn', ['desk'], consoleLocales);
    expect(cn.t('desk:queue.total', { count: 1 })).toBe('共 1 个工单');
  });

  it('falls back to en for a key the language lacks, and not to the other Chinese', async () => {
    const i18n = await createI18n('zh');
    addStrings(i18n, 'static', { en: { onlyEn: 'English' }, cn: { onlyCn: '简体' } });
    expect(i18n.t('static:onlyEn')).toBe('English');
    expect(i18n.t('static:onlyCn')).toBe('onlyCn');
  });
});

describe('the namespaces of each side', () => {
  it.each(enabledLanguages)(
    '%s: a player app loads every player namespace, and no console one',
    async (lang) => {
      const i18n = await createI18n(lang, playerNamespaces);
      for (const ns of playerNamespaces) expect(i18n.hasResourceBundle(i18n.language, ns), ns).toBe(true);
      await expect(createI18n(lang, ['staff-errors'])).rejects.toThrow(/staff-errors\.json/);
      await expect(createI18n(lang, ['admin'])).rejects.toThrow(/admin\.json/);
      // Loaded by their screens themselves (addStrings), so not in the loaders every first screen carries.
      await expect(createI18n(lang, ['service'])).rejects.toThrow(/service\.json/);
    },
  );

  it.each(enabledLanguages)('%s: the console loads all of its namespaces at start', async (lang) => {
    const i18n = await createI18n(lang, consoleNamespaces, consoleLocales);
    for (const ns of ['common', 'errors', ...consoleNamespaces])
      expect(i18n.hasResourceBundle(i18n.language, ns), ns).toBe(true);
  });
});

describe('errorText', () => {
  it("reads a staff code's text from staff-errors, as the console loads it", async () => {
    const { t } = await createI18n('th', consoleNamespaces, consoleLocales);
    expect(errorText(t, 'staff', codes.staffTicketHandledByOther)).toBe(thStaff.staff.ticketHandledByOther);
    expect(errorText(t, 'staff', codes.staffCatalogImportStale)).toBe(thStaff.staff.catalogImport.stale);
    // A staff lookup that falls back to common, and the other domains, read errors.
    expect(errorText(t, 'staff', codes.notLoggedIn)).toBe(thErrors.common.notLoggedIn);
    expect(errorText(t, 'service', -704)).toBe(thErrors.service.phoneFormat);
  });

  it("reads a player domain's code from errors, which a player app loads", async () => {
    const { t } = await createI18n('th');
    expect(errorText(t, 'pay', codes.payTooManyStreams)).toBe(thErrors.pay.tooManyStreams);
    expect(errorText(t, 'passport', codes.tooFrequent)).toBe(thErrors.common.tooFrequent);
  });
});

describe('addStrings', () => {
  it('files lazily loaded strings under the tags i18next knows, once', async () => {
    const i18n = await createI18n('cn');
    addStrings(i18n, 'service', { cn: { hello: '您好' }, en: { hello: 'Hello' } });
    expect(i18n.hasResourceBundle('zh-Hans', 'service')).toBe(true);
    expect(i18n.hasResourceBundle('cn', 'service')).toBe(false);
    expect(i18n.t('service:hello')).toBe('您好');
    addStrings(i18n, 'service', { cn: { hello: 'replaced' } });
    expect(i18n.t('service:hello')).toBe('您好');
  });
});
