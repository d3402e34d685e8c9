import { useTranslation } from 'react-i18next';
import { useSiteRoute } from '@gp/ui/shell-data';
import styles from './static-page.module.css';

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
  const { t } = useTranslation('static');
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
