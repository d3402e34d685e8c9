/**
 * The `service` strings are loaded by the customer-service screens themselves (their loaders), so the home page
 * and the news never download them: the page language and en, the fallback of any key a translation lacks.
 */
import { useTranslation } from 'react-i18next';
import type { EnabledLanguage } from '@gp/config';
import { addStrings, currentLanguage, defaultLanguage } from '@gp/i18n';

type Strings = Record<string, unknown>;
export type ServiceStrings = Partial<Record<EnabledLanguage, Strings>>;

const serviceStrings: Record<EnabledLanguage, () => Promise<{ default: Strings }>> = {
  en: () => import('@gp/i18n/locales/en/service.json'),
  th: () => import('@gp/i18n/locales/th/service.json'),
  cn: () => import('@gp/i18n/locales/cn/service.json'),
  vi: () => import('@gp/i18n/locales/vi/service.json'),
  zh: () => import('@gp/i18n/locales/zh/service.json'),
};

export async function loadServiceStrings(): Promise<ServiceStrings> {
  const lang = currentLanguage();
  const langs = lang === defaultLanguage ? [lang] : [lang, defaultLanguage];
  const loaded = await Promise.all(langs.map(async (l) => [l, (await serviceStrings[l]()).default] as const));
  return Object.fromEntries(loaded);
}

/**
 * Adds the loaded strings to i18next (once per language and page load) and returns the `service` translator.
 * Screens call it before rendering any component that translates with `service`.
 */
export function useServiceStrings(strings: ServiceStrings) {
  const translation = useTranslation('service');
  addStrings(translation.i18n, 'service', strings);
  return translation;
}
