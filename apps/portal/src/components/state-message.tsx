/**
 * The designed empty, not-found and error states: an icon, a title (a heading of the level the page needs, or
 * plain text inside a section) and what to do next. Never a blank area.
 */
import type { ReactNode } from 'react';
import styles from './state-message.module.css';

export type StateTone = 'empty' | 'error';

interface StateMessageProps {
  tone: StateTone;
  title: string;
  /** The title's heading level; `undefined` keeps it a paragraph (a section's own state under its heading). */
  heading?: 1 | 2 | 3;
  body?: string;
  action?: ReactNode;
  compact?: boolean;
  /** `alert` for failures the reader should hear at once; empty states need no role. */
  role?: 'alert' | 'status';
}

export function StateMessage({ tone, title, heading, body, action, compact, role }: StateMessageProps) {
  const Title = heading ? (`h${heading}` as const) : 'p';
  return (
    <div
      className={[styles.box, styles[tone], compact ? styles.compact : ''].filter(Boolean).join(' ')}
      role={role}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {tone === 'error' ? (
          <path
            fill="currentColor"
            d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 15.5a1.25 1.25 0 1 1 0-2.5 1.25 1.25 0 0 1 0 2.5ZM13 13h-2V6.5h2V13Z"
          />
        ) : (
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm0 2v12h16V6H4Zm2 2h7v2H6V8Zm0 4h12v2H6v-2Z"
          />
        )}
      </svg>
      <Title className={styles.title}>{title}</Title>
      {body && <p className={styles.body}>{body}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
