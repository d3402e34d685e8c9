/**
 * A value a player copies into a chat, a ticket or another app (an order number, an account number, an amount):
 * shown as it reads best, with a button that copies it as the other side takes it and a status that says whether
 * it did. The button appears once the page's scripts run and the browser can write to the clipboard (not in a
 * server-rendered page before that, and not on plain http), so it never sits there doing nothing.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { useScriptsReady } from './early-input.ts';
import styles from './copy-value.module.css';

/** A value's groups of `size` from its start ("GP20 2611 29A1 ...", "8808 1234 5678"). */
export function groupsOf(value: string, size = 4): string[] {
  const groups: string[] = [];
  for (let i = 0; i < value.length; i += size) groups.push(value.slice(i, i + size));
  return groups;
}

/**
 * Groups a narrow phone wraps between, never inside one; spaced by CSS, not by spaces, so selecting the value by
 * hand copies it whole too. `large`: a number to type into another app.
 */
export function Grouped({ groups, large = false }: { groups: readonly string[]; large?: boolean }) {
  return (
    <span className={large ? `${styles.groups} ${styles.large}` : styles.groups}>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className={styles.group}>{group}</span>
        </Fragment>
      ))}
    </span>
  );
}

// The server renders first screens too (no navigator on Node 20, none with a clipboard after).
const clipboardWritable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

export interface CopyTexts {
  /** The button's word ("Copy"). */
  button: string;
  /** The button's name: starts with the word it shows ("Copy order number GP20..."). */
  label: string;
  copied: string;
  failed: string;
}

export function CopyValue({
  value,
  children,
  texts,
  prominent = false,
}: {
  /** What the button copies. */
  value: string;
  /** What the page shows. */
  children: ReactNode;
  texts: CopyTexts;
  /** The step's main action (pay from another app), not a detail beside a list's row. */
  prominent?: boolean;
}) {
  const canCopy = useScriptsReady() && clipboardWritable();
  const [copied, setCopied] = useState<{ value: string; result: 'done' | 'failed' } | null>(null);
  const result = copied?.value === value ? copied.result : null;

  const copyIt = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied({ value, result: 'done' }),
      () => setCopied({ value, result: 'failed' }),
    );
  };

  return (
    <span className={prominent ? `${styles.copyValue} ${styles.prominent}` : styles.copyValue}>
      {children}
      {canCopy && (
        <button type="button" className={styles.copy} onClick={copyIt} aria-label={texts.label}>
          {texts.button}
        </button>
      )}
      {canCopy && (
        <span role="status" className={result === 'failed' ? styles.failed : styles.done}>
          {result === 'done' ? texts.copied : result === 'failed' ? texts.failed : ''}
        </span>
      )}
    </span>
  );
}
