import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { EnabledLanguage } from '@gp/config';
import { addStrings, currentLanguage, defaultLanguage } from '@gp/i18n';
import { useSiteRoute } from '@gp/ui/shell-data';
import styles from './static-page.module.css';

type StaticStrings = Record<string, unknown>;

/** The `static` strings per language, each its own chunk (the longest texts of the site). */
const staticStrings: Record<EnabledLanguage, () => Promise<{ default: StaticStrings }>> = {
  en: () => import('@gp/i18n/locales/en/static.json'),
  th: () => import('@gp/i18n/locales/th/static.json'),
  cn: () => import('@gp/i18n/locales/cn/static.json'),
  vi: () => import('@gp/i18n/locales/vi/static.json'),
  zh: () => import('@gp/i18n/locales/zh/static.json'),
};

/** The page language's strings and en, the fallback of any key a translation lacks. */
export async function loader(): Promise<{ bundles: Partial<Record<EnabledLanguage, StaticStrings>> }> {
  const lang = currentLanguage();
  const langs = lang === defaultLanguage ? [lang] : [lang, defaultLanguage];
  const loaded = await Promise.all(langs.map(async (l) => [l, (await staticStrings[l]()).default] as const));
  return { bundles: Object.fromEntries(loaded) };
}

interface StaticContent {
  title: string;
  updated?: string;
  intro: string;
  sections: Record<string, { heading: string; body: string }>;
}

const pages = ['about', 'terms', 'privacy', 'siteinfo', 'tokusyouhou'] as const;
type Page = (typeof pages)[number];
const isPage = (value: string | undefined): value is Page => pages.includes(value as Page);

/** About, terms, privacy, site information and the legal notice, desktop and H5, from the `static` strings. */
export default function StaticPage() {
  const { bundles } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  const { t, i18n } = useTranslation('static');
  // Adding a bundle i18next already has is skipped, so this runs once per language and page load.
  addStrings(i18n, 'static', bundles);
  const title = useSiteRoute()?.title;
  const page: Page = isPage(title) ? title : 'about';
  const content = t(page, { returnObjects: true }) as StaticContent;
  const sections = Object.entries(content.sections);
  return (
    <article className={styles.article}>
      <h1>{content.title}</h1>
      {content.updated && <p className={styles.updated}>{content.updated}</p>}
      <p className={styles.intro}>{content.intro}</p>
      {sections.length > 4 && (
        <nav aria-label={t('common:static.contents')} className={styles.toc}>
          <ol>
            {sections.map(([id, s]) => (
              <li key={id}>
                <a href={`#${id}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map(([id, s]) => (
        <section key={id} id={id} aria-labelledby={`${id}-heading`} className={styles.section}>
          <h2 id={`${id}-heading`}>{s.heading}</h2>
          {s.body.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
