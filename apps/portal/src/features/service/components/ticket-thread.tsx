/**
 * A ticket's conversation, oldest first: the question, the member's follow-ups, customer service's replies
 * and its notes on the ticket's order, each with its time and attachments (images as lazy thumbnails that
 * open full size, logs as downloads). Attachment URLs go to the API with the session cookie, so only their
 * owner gets them.
 */
import { useTranslation } from 'react-i18next';
import type { CsFileItem, WorkOrderMessage } from '@gp/contracts/cs';
import { VisuallyHidden } from '@gp/ui/visually-hidden';
import { currentLanguage } from '@gp/i18n';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import { formatFileSize } from '@gp/i18n/format';
import { attachmentUrl } from '../api/attachment-url.ts';
import { orderNoteText } from './order-note.tsx';
import styles from './thread.module.css';

function Files({ files }: { files: readonly CsFileItem[] }) {
  const { t } = useTranslation('service');
  if (files.length === 0) return null;
  return (
    <ul className={styles.files} aria-label={t('detail.attachments')}>
      {files.map((f) => {
        const url = attachmentUrl(f.file_id);
        return (
          <li key={f.file_id} className={f.file_kind === 'image' ? styles.image : styles.file}>
            {f.file_kind === 'image' ? (
              <a href={url} target="_blank" rel="noopener noreferrer" className={styles.thumbLink}>
                <img
                  src={url}
                  alt={t('detail.imageAlt', { name: f.file_name })}
                  loading="lazy"
                  decoding="async"
                  width={120}
                  height={90}
                  className={styles.thumb}
                />
                <VisuallyHidden>{t('portal:common.newTab')}</VisuallyHidden>
              </a>
            ) : (
              <a href={url} download={f.file_name} className={styles.download}>
                {t('detail.download', { name: f.file_name })}
                <span className={styles.size}> ({formatFileSize(f.file_size, currentLanguage())})</span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function TicketThread({ messages }: { messages: readonly WorkOrderMessage[] }) {
  const { t } = useTranslation('service');
  return (
    <ol className={styles.thread}>
      {messages.map((m) => {
        const staff = m.kind === 'reply' || m.kind === 'order_note';
        const author = t(staff ? 'detail.staff' : m.kind === 'follow_up' ? 'detail.followUp' : 'detail.you');
        // An order note is worded here, in the reader's language; other messages are as written.
        const content = m.note ? orderNoteText(t, m.note, currentLanguage()) : m.content;
        return (
          <li key={m.message_id} className={staff ? `${styles.message} ${styles.staff}` : styles.message}>
            <article aria-label={author}>
              <header className={styles.head}>
                <span className={styles.author}>{author}</span>
                <time dateTime={m.created_at} className={styles.time}>
                  {formatDate(m.created_at, currentLanguage(), { style: dateTimeZone })}
                </time>
              </header>
              <p className={styles.content}>{content}</p>
              <Files files={m.attachments} />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
