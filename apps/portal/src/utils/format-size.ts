/** File sizes in the reader's language: "820 kB", "1.2 MB" (1 MB = 1,024 x 1,024 bytes, like the 5 MB limit). */
import { currentLanguage, optionOf } from '@gp/i18n';
import type { EnabledLanguage } from '@gp/config';

export function formatFileSize(bytes: number, lang: EnabledLanguage = currentLanguage()): string {
  const locale = optionOf(lang).lang;
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
