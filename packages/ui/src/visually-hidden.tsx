import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/**
 * The class of what screen readers read and the page does not show, for an element that must stay what it is
 * (a table's caption, a fieldset's legend, a label).
 */
export const visuallyHidden: string = styles.hidden ?? '';

/** Words read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHidden}>{children}</span>;
}
