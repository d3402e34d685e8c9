import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** A page's heading and the line that introduces it, smaller on H5. */
export function PageHeading({ title, intro, h5 }: { title: ReactNode; intro?: ReactNode; h5: boolean }) {
  const size = h5 ? ` ${styles.h5}` : '';
  return (
    <>
      <h1 className={styles.heading + size}>{title}</h1>
      {intro && <p className={styles.intro + size}>{intro}</p>}
    </>
  );
}
