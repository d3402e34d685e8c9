/**
 * The ticket's whole thread as staff see it, oldest first: the question, follow-ups and replies with the agent
 * who wrote them. Recalled replies stay, greyed and marked, because the player no longer sees them. Images
 * show as thumbnails opening the full picture, logs as downloads; both come from the staff group with the
 * agent's session.
 */
import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { DeskMessage } from '@gp/contracts/desk';
import { formatDate, formatFileSize, mediumDateTime } from '@gp/i18n/format';
import { staffUrl } from '../api/staff-url.ts';
import { orderNoteText } from './linked-order.tsx';
import { RecallButton } from './recall-button.tsx';
import styles from './ticket-thread.module.css';
import { tones } from '../../../lib/theme.ts';

function Attachments({ files }: { files: DeskMessage['attachments'] }) {
  const { t, i18n } = useTranslation('desk');
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={t('thread.attachments')}>
      {files.map((f) => {
        const url = staffUrl(f.download_path);
        return (
          <li key={f.file_id}>
            {f.file_kind === 'image' ? (
              <a href={url} target="_blank" rel="noopener noreferrer" title={f.file_name}>
                <img
                  className={styles.thumb}
                  src={url}
                  alt={t('thread.image', { name: f.file_name })}
                  loading="lazy"
                  decoding="async"
                  width={96}
                  height={72}
                />
              </a>
            ) : (
              <a href={url} download={f.file_name}>
                {t('thread.download', {
                  name: f.file_name,
                  size: formatFileSize(f.file_size, i18n.language),
                })}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function TicketThread({
  workOrderId,
  messages,
  ownStaffId,
  canRecall,
  onChanged,
}: {
  workOrderId: number;
  messages: DeskMessage[];
  ownStaffId: number;
  canRecall: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('desk');
  return (
    <ol className={styles.thread} aria-label={t('thread.label')}>
      {messages.map((m) => {
        const isReply = m.kind === 'reply';
        // An agent's action on the ticket's order leaves a note, worded here in the console's language (the player
        // reads it in theirs).
        const isNote = m.kind === 'order_note';
        const kind = m.kind === 'order_note' ? t('orderHelp.noteKind') : t(`thread.kind.${m.kind}`);
        const recalled = m.recalled_at !== null;
        const author = isReply || isNote ? (m.staff_name ?? t('thread.agent')) : t('thread.member');
        const className = [
          styles.message,
          isReply || isNote ? styles.reply : '',
          recalled ? styles.recalled : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={m.message_id} className={className}>
            <article aria-label={`${kind} · ${author}`}>
              <header className={styles.head}>
                <span className={styles.author}>{author}</span>
                <Tag>{kind}</Tag>
                <time className={styles.time} dateTime={m.created_at}>
                  {formatDate(m.created_at, i18n.language, { style: mediumDateTime })}
                </time>
                {recalled && <Tag color={tones.neutral}>{t('thread.recalled')}</Tag>}
                {isReply &&
                  !recalled &&
                  canRecall &&
                  m.staff_id === ownStaffId &&
                  m.recall_until !== null && (
                    <RecallButton
                      workOrderId={workOrderId}
                      messageId={m.message_id}
                      recallUntil={m.recall_until}
                      onRecalled={onChanged}
                    />
                  )}
              </header>
              <p className={styles.content}>{m.note ? orderNoteText(t, m.note, i18n.language) : m.content}</p>
              <Attachments files={m.attachments} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
