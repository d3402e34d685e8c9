/**
 * FAQ entries as disclosures: each title is a button (inside a heading) that shows or hides its answer
 * (`aria-expanded`, `aria-controls`). Answers are plain text with their line breaks.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqItem } from '@gp/contracts/cs';
import styles from './faq.module.css';

export function FaqList({ items }: { items: readonly FaqItem[] }) {
  const { t } = useTranslation('service');
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const expanded = open.has(item.question_id);
        const panel = `${base}-${item.question_id}`;
        return (
          <li key={item.question_id} className={expanded ? `${styles.item} ${styles.open}` : styles.item}>
            <h3 className={styles.question}>
              <button
                type="button"
                className={styles.toggle}
                aria-expanded={expanded}
                aria-controls={panel}
                onClick={() => toggle(item.question_id)}
              >
                <span className={styles.title}>{item.question_title}</span>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.chevron}>
                  <path fill="currentColor" d="m12 15.4-6-6L7.4 8l4.6 4.6L16.6 8 18 9.4l-6 6Z" />
                </svg>
              </button>
            </h3>
            <div id={panel} className={styles.answer} hidden={!expanded}>
              <p className={styles.typeTag}>
                <span className={styles.tagLabel}>{t('faq.typeLabel')}</span> {item.question_type_name}
              </p>
              <p className={styles.content}>{item.question_content}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
