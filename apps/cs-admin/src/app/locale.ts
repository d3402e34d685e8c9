/**
 * antd's and dayjs's texts (date pickers, pagination, empty states) for the console language, and the format of
 * times shown to agents: the browser's time zone, the language's conventions.
 */
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import viVN from 'antd/locale/vi_VN';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import 'dayjs/locale/th';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { languageOf, optionOf } from '@gp/i18n/languages';

const antdLocales: Record<string, { antd: Locale; dayjs: string }> = {
  en: { antd: enUS, dayjs: 'en' },
  th: { antd: thTH, dayjs: 'th' },
  cn: { antd: zhCN, dayjs: 'zh-cn' },
  vi: { antd: viVN, dayjs: 'vi' },
  zh: { antd: zhTW, dayjs: 'zh-tw' },
};

/** antd's locale for one of our language codes or i18next's tag for it (en when unknown); also switches dayjs's. */
export function antdLocale(lang: string): Locale {
  const entry = antdLocales[languageOf(lang) ?? 'en'] ?? antdLocales.en!;
  dayjs.locale(entry.dayjs);
  return entry.antd;
}

/** The BCP 47 tag of one of our language codes (or of i18next's tag for it), for Intl. */
export function intlTag(lang: string): string {
  const code = languageOf(lang);
  return code ? optionOf(code).lang : 'en';
}

/** An ISO time as date and time in the browser's time zone, written the way `lang` writes them. */
export function formatTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlTag(lang), { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
