/**
 * antd's and dayjs's texts (date pickers, pagination, empty states) for the console language. Times, money and
 * numbers shown to agents come from `@gp/i18n/format`.
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
import { languageFromTag } from '@gp/i18n/languages';

const antdLocales: Record<string, { antd: Locale; dayjs: string }> = {
  en: { antd: enUS, dayjs: 'en' },
  th: { antd: thTH, dayjs: 'th' },
  cn: { antd: zhCN, dayjs: 'zh-cn' },
  vi: { antd: viVN, dayjs: 'vi' },
  zh: { antd: zhTW, dayjs: 'zh-tw' },
};

/**
 * antd's locale for one of our language codes, or a tag i18next may report for one (zh-Hant: zh); en when
 * unknown. Also switches dayjs's.
 */
export function antdLocale(lang: string): Locale {
  const entry = antdLocales[languageFromTag(lang) ?? 'en'] ?? antdLocales.en!;
  dayjs.locale(entry.dayjs);
  return entry.antd;
}
