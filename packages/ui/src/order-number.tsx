import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScriptsReady } from './early-input.ts';
import styles from './order-number.module.css';

/** An order number's groups of four, from its start ("GP20 2611 29A1 ..."). */
export function groupsOf(value: string, size = 4): string[] {
  const groups: string[] = [];
  for (let i = 0; i < value.length; i += size) groups.push(value.slice(i, i + size));
  return groups;
}

// The server renders first screens too (no navigator on Node 20, none with a clipboard after).
const clipboardWritable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/**
 * An order number as players read it out and copy it: groups of four that a narrow phone wraps between, never
 * inside a group, and a button that copies the whole number for a ticket or a chat with support. The groups are
 * spaced by CSS, not by spaces, so selecting the number by hand copies it whole too. The button appears once the
 * page's scripts run and the browser can write to the clipboard (not on a server-rendered page before that, and
 * not on plain http), so it never sits there doing nothing.
 */
export function OrderNumber({ value, copy = true }: { value: string; copy?: boolean }) {
  const { t } = useTranslation('common');
  // Not in the server's markup nor while it is taken over (early-input's one signal), then what this browser can do.
  const canCopy = useScriptsReady() && copy && clipboardWritable();
  const [copied, setCopied] = useState<{ value: string; result: 'done' | 'failed' } | null>(null);
  const result = copied?.value === value ? copied.result : null;

  const copyIt = () => {
    navigator.clipboard.writeText(value).then(
      () => setCopied({ value, result: 'done' }),
      () => setCopied({ value, result: 'failed' }),
    );
  };

  return (
    <span className={styles.orderNumber}>
      <span className={styles.groups}>
        {groupsOf(value).map((group, i) => (
          <Fragment key={i}>
            {i > 0 && <wbr />}
            <span className={styles.group}>{group}</span>
          </Fragment>
        ))}
      </span>
      {canCopy && (
        // Named with the number (a history lists many), starting with the word it shows.
        <button
          type="button"
          className={styles.copy}
          onClick={copyIt}
          aria-label={t('orderNumber.copyNamed', { number: value })}
        >
          {t('orderNumber.copy')}
        </button>
      )}
      {canCopy && (
        <span role="status" className={result === 'failed' ? styles.failed : styles.done}>
          {result === 'done'
            ? t('orderNumber.copied')
            : result === 'failed'
              ? t('orderNumber.copyFailed')
              : ''}
        </span>
      )}
    </span>
  );
}
