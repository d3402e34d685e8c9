/**
 * The attachments of a message: a file input (JPG / JPEG / PNG / LOG, several at once), the files picked with
 * their preview, size and upload state, a remove button each, and why a file was refused. Checks happen on the
 * device first (`useAttachments`); a file the server refuses leaves the list with its translated reason among the
 * refusals, and a call that failed otherwise shows its message on the file.
 */
import type { ChangeEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { fileExtension, uploadPolicy } from '@gp/contracts/cs';
import { currentLanguage } from '@gp/i18n';
import { formatFileSize } from '@gp/i18n/format';
import { errorMessage } from '../model/error-message.ts';
import type { Attachments, Refusal } from '../model/use-attachments.ts';
import styles from './attachments.module.css';
import form from './form.module.css';

function refusalText(t: TFunction, r: Refusal): string {
  switch (r.reason) {
    case 'count':
      return t('attachments.tooMany', { name: r.name, max: uploadPolicy.maxPerMessage });
    case 'size':
      return t('attachments.tooLarge', { name: r.name });
    case 'content':
      return t('attachments.notImage', { name: r.name });
    case 'server':
      return t('attachments.refused', { name: r.name, reason: errorMessage(t, r.error) });
    default:
      return t('attachments.wrongType', { name: r.name });
  }
}

export function AttachmentPicker({
  id,
  attachments,
  error,
}: {
  /** The file input's id (the form focuses it when the attachments are what stops sending). */
  id: string;
  attachments: Attachments;
  error?: string | undefined;
}) {
  const { t } = useTranslation('service');
  const { items, refusals } = attachments;
  const full = items.length >= uploadPolicy.maxPerMessage;

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    // The same file can be picked again after removing it.
    e.target.value = '';
    if (files.length > 0) attachments.add(files);
  };

  const described = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className={form.group}>
      <legend className={form.legend}>
        {t('attachments.legend')}
        <span className={form.optional}> {t('form.optional')}</span>
      </legend>
      <p id={`${id}-hint`} className={form.hint}>
        {t('attachments.hint', { max: uploadPolicy.maxPerMessage })}
      </p>
      <div className={styles.pickRow}>
        <input
          id={id}
          type="file"
          multiple
          accept={uploadPolicy.accept}
          className={styles.fileInput}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={pick}
        />
        <label htmlFor={id} className={full ? `${styles.pick} ${styles.pickFull}` : styles.pick}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.pickIcon}>
            <path
              fill="currentColor"
              d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10h-1.5Z"
            />
          </svg>
          {t('attachments.add')}
        </label>
        <span className={styles.count}>
          {t('attachments.count', { count: items.length, max: uploadPolicy.maxPerMessage })}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className={form.error}>
          {error}
        </p>
      )}
      <div role="alert">
        {refusals.length > 0 && (
          <ul className={styles.refusals}>
            {refusals.map((r, i) => (
              <li key={`${r.name}-${i}`}>{refusalText(t, r)}</li>
            ))}
          </ul>
        )}
      </div>
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('attachments.listLabel')}>
          {items.map((a) => (
            <li key={a.key} className={styles.item} aria-busy={a.state === 'uploading' || undefined}>
              {a.preview ? (
                <img
                  src={a.preview}
                  alt=""
                  width={64}
                  height={64}
                  className={styles.thumb}
                  // Bytes that start like a picture but do not decode: an empty frame, not a broken-image icon.
                  onError={(e) => {
                    e.currentTarget.style.visibility = 'hidden';
                  }}
                />
              ) : (
                // An image waiting for its check has an empty frame; a LOG file says what it is.
                <span className={styles.fileIcon} aria-hidden="true">
                  {fileExtension(a.name) === 'log' ? 'LOG' : ''}
                </span>
              )}
              <div className={styles.meta}>
                <span className={styles.name}>{a.name}</span>
                <span className={styles.size}>{formatFileSize(a.size, currentLanguage())}</span>
                {a.state === 'uploading' && (
                  <span className={styles.state} role="status">
                    <progress
                      className={styles.progress}
                      aria-label={t('attachments.uploadingName', { name: a.name })}
                    />
                    {t('attachments.uploading')}
                  </span>
                )}
                {a.state === 'ready' && (
                  <span className={`${styles.state} ${styles.ready}`}>{t('attachments.ready')}</span>
                )}
                {a.state === 'failed' && (
                  <span className={`${styles.state} ${styles.failed}`} role="alert">
                    {t('attachments.failed', { reason: errorMessage(t, a.error) })}
                  </span>
                )}
              </div>
              <button
                type="button"
                className={styles.remove}
                onClick={() => attachments.remove(a.key)}
                aria-label={t('attachments.remove', { name: a.name })}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3 1.4 1.4Z"
                  />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
