import { useId, type ReactNode } from 'react';
import styles from './home-section.module.css';

/** One module of the home page: its server-given title as a heading, an optional "see all" link, the content. */
export function HomeSection({
  title,
  more,
  h5 = false,
  children,
}: {
  title: string;
  more?: ReactNode;
  h5?: boolean;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <section aria-labelledby={heading} className={h5 ? `${styles.section} ${styles.h5}` : styles.section}>
      <div className={styles.head}>
        <h2 id={heading} className={styles.title}>
          {title}
        </h2>
        {more && <div className={styles.more}>{more}</div>}
      </div>
      {children}
    </section>
  );
}
