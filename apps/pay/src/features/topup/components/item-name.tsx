import { Fragment } from 'react';
import { nameRuns } from '../model/item-name.ts';
import styles from './topup.module.css';

/** An item name that wraps between its words only: each number stays whole, on the line of its word. */
export function ItemName({ name }: { name: string }) {
  return (
    <span className={styles.itemName}>
      {nameRuns(name).map((run, i) =>
        run.keep ? (
          <span key={i} className={styles.keep}>
            {run.text}
          </span>
        ) : (
          <Fragment key={i}>{run.text}</Fragment>
        ),
      )}
    </span>
  );
}
