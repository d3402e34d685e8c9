/**
 * A value the player types into another app (an account number, an amount), shown as it reads best and with a
 * button that copies it as that app takes it. As the order number's copy button (`@gp/ui/order-number`): the
 * button appears once the page's scripts run and the browser can write to the clipboard, and says whether it did.
 */
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useScriptsReady } from '@gp/ui/early-input';
import styles from './pay-instructions.module.css';

const clipboardWritable = () =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';

/** Groups of four from the start ("8808 1234 5678 9012"), spaced by CSS so a hand-made copy has no spaces. */
export function Grouped({ groups }: { groups: string[] }) {
  return (
    <span className={styles.groups}>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className={styles.group}>{group}</span>
        </Fragment>
      ))}
    </span>
  );
}

export function CopyValue({
  value,
  children,
  copyLabel,
  copiedText,
}: {
  /** What the button copies. */
  value: string;
  /** What the page shows. */
  children: ReactNode;
  /** The button's name: starts with the word it shows ("Copy ..."). */
  copyLabel: string;
  copiedText: string;
}) {
  const { t } = useTranslation('pay');
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
    <span className={styles.copyValue}>
      {children}
      {canCopy && (
        <button type="button" className={styles.copy} onClick={copyIt} aria-label={copyLabel}>
          {t('instructions.copy')}
        </button>
      )}
      {canCopy && (
        <span role="status" className={result === 'failed' ? styles.copyFailed : styles.copyDone}>
          {result === 'done' ? copiedText : result === 'failed' ? t('instructions.copyFailed') : ''}
        </span>
      )}
    </span>
  );
}
