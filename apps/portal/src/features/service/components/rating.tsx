/**
 * Rating a ticket's answer (spec 4): five stars with their names as a radio group (arrow keys move between them,
 * the chosen stars fill), then "Submit rating". Changeable while `can_grade` and until `grade_deadline`; after
 * that the rating is shown, read-only. A rating of 1 or 2 asks for its reason (rating-reason.tsx).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  gradeCommentMax,
  gradeNames,
  grades,
  lowGradeMax,
  workOrderStatus,
  type Grade,
  type WorkOrderDetailData,
} from '@gp/contracts/cs';
import { currentLanguage } from '@gp/i18n';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { dateTimeZone, formatDate } from '@gp/i18n/format';
import { errorMessage } from '../model/error-message.ts';
import { gradeWorkOrder } from '../api/grade-work-order.ts';
import { FormMessages } from './fields.tsx';
import { RatingReason, type ReasonValue } from './rating-reason.tsx';
import form from './form.module.css';
import styles from './rating.module.css';

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8L12 2.5Z';

function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'large' }) {
  return (
    <span className={size === 'large' ? `${styles.stars} ${styles.large}` : styles.stars} aria-hidden="true">
      {grades.map((g) => (
        <svg key={g} viewBox="0 0 24 24" focusable="false" className={g <= value ? styles.on : styles.off}>
          <path d={starPath} />
        </svg>
      ))}
    </span>
  );
}

export function Rating({ ticket, onRated }: { ticket: WorkOrderDetailData; onRated: () => void }) {
  const { t } = useTranslation('service');
  // The session ended while the page was open: to the login, back here afterwards.
  const { guard } = useLoginRedirect();
  const id = useId();
  const [choice, setChoice] = useState<Grade | undefined>(ticket.grade ?? undefined);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [missing, setMissing] = useState(false);
  const [why, setWhy] = useState<ReasonValue>({
    reason: ticket.grade_reason ?? undefined,
    comment: ticket.grade_comment ?? '',
  });
  const [reasonMissing, setReasonMissing] = useState(false);
  const low = choice !== undefined && choice <= lowGradeMax;
  const answered =
    ticket.work_order_status === workOrderStatus.replied ||
    ticket.work_order_status === workOrderStatus.closed;

  if (ticket.can_grade !== 1) {
    if (ticket.grade != null) {
      return (
        <section className={styles.rating} aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className={styles.title}>
            {t('rating.heading')}
          </h2>
          <p className={styles.given}>
            <Stars value={ticket.grade} />
            {t('rating.yours', { grade: t(`grade.${gradeNames[ticket.grade]}`), count: ticket.grade })}
          </p>
          {ticket.grade_reason && (
            <p className={styles.note}>
              {t('ratingReason.given', { reason: t(`ratingReason.reasons.${ticket.grade_reason}`) })}
              {ticket.grade_comment ? ` ${ticket.grade_comment}` : ''}
            </p>
          )}
        </section>
      );
    }
    if (answered && ticket.grade_deadline) return <p className={styles.note}>{t('rating.periodOver')}</p>;
    return null;
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAlert(undefined);
    setNotice(undefined);
    if (!choice) {
      setMissing(true);
      document.getElementById(`${id}-1`)?.focus();
      return;
    }
    if (choice <= lowGradeMax && !why.reason) {
      setReasonMissing(true);
      // Centred: on a phone the bottom bar would cover a field scrolled only just into view.
      const first = document.getElementById(`${id}-reason`);
      first?.scrollIntoView?.({ block: 'center' });
      first?.focus({ preventScroll: true });
      return;
    }
    if (choice <= lowGradeMax && why.comment.trim().length > gradeCommentMax) {
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await guard(
        gradeWorkOrder(
          ticket.work_order_id,
          choice,
          choice <= lowGradeMax ? { reason: why.reason, comment: why.comment.trim() || undefined } : {},
        ),
      );
      setNotice(t('rating.saved', { grade: t(`grade.${gradeNames[choice]}`) }));
      onRated();
    } catch (error) {
      setAlert(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.rating} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('rating.heading')}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className={styles.form}>
        <fieldset
          className={form.group}
          aria-describedby={
            [missing ? `${id}-error` : '', ticket.grade_deadline ? `${id}-until` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          <legend className={form.legend}>{t('rating.legend')}</legend>
          <div className={styles.choices}>
            {grades.map((g) => (
              <label key={g} className={choice === g ? `${styles.choice} ${styles.chosen}` : styles.choice}>
                <input
                  id={`${id}-${g}`}
                  type="radio"
                  name={`${id}-grade`}
                  value={g}
                  checked={choice === g}
                  onChange={() => {
                    setChoice(g);
                    setMissing(false);
                  }}
                  className={styles.radio}
                />
                <Stars value={g} size="large" />
                <span className={styles.name}>{t(`grade.${gradeNames[g]}`)}</span>
              </label>
            ))}
          </div>
          {missing && (
            <p id={`${id}-error`} className={form.error}>
              {t('rating.choose')}
            </p>
          )}
          {ticket.grade_deadline && (
            <p id={`${id}-until`} className={form.hint}>
              {t('rating.until', {
                date: formatDate(ticket.grade_deadline, currentLanguage(), { style: dateTimeZone }),
              })}
            </p>
          )}
        </fieldset>
        {low && (
          <RatingReason
            id={id}
            value={why}
            missing={reasonMissing}
            onChange={(value) => {
              setWhy(value);
              if (value.reason) setReasonMissing(false);
            }}
          />
        )}
        <FormMessages alert={alert} notice={notice} />
        <div className={form.actions}>
          <button type="submit" className={form.primary} disabled={busy}>
            {busy ? t('form.saving') : ticket.grade != null ? t('rating.change') : t('rating.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
