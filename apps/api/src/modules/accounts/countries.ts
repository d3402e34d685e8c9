/**
 * The countries offered for phone numbers (spec 7 /web/common/countryList): Southeast Asia first, then the
 * neighbours our players come from. Names come from the runtime's Unicode data in the page language.
 */
import { optionOf } from '@gp/i18n/languages';
import type { EnabledLanguage } from '@gp/config';

const callingCodes: [code: string, cid: number][] = [
  ['TH', 66],
  ['VN', 84],
  ['PH', 63],
  ['ID', 62],
  ['MY', 60],
  ['SG', 65],
  ['MM', 95],
  ['KH', 855],
  ['LA', 856],
  ['BN', 673],
  ['TL', 670],
  ['TW', 886],
  ['HK', 852],
  ['MO', 853],
  ['CN', 86],
  ['JP', 81],
  ['KR', 82],
  ['IN', 91],
  ['AU', 61],
  ['US', 1],
];

export function countryList(lang: EnabledLanguage) {
  const names = new Intl.DisplayNames([optionOf(lang).lang, 'en'], { type: 'region' });
  return callingCodes.map(([code, cid]) => ({ cid, code, name: names.of(code) ?? code }));
}

export function isKnownCallingCode(cid: number): boolean {
  return callingCodes.some(([, c]) => c === cid);
}
