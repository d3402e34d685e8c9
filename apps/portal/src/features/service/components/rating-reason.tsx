/**
 * Why a rating of 1 or 2: a short list of reasons as radios (one required) and the player's
 * own words, shown under the stars while a low rating is chosen. The parent keeps the values and sends them
 * with the grade.
 */
import { useTranslation } from 'react-i18next';
import { gradeCommentMax, gradeReasons, type GradeReason } from '@gp/contracts/cs';
import { TextAreaField } from './fields.tsx';
import form from './form.module.css';
import styles from './rating-reason.module.css';

export interface ReasonValue {
  reason: GradeReason | undefined;
  comment: string;
}

export function RatingReason({
  id,
  value,
  missing,
  onChange,
}: {
  id: string;
  value: ReasonValue;
  missing: boolean;
  onChange: (value: ReasonValue) => void;
}) {
  const { t } = useTranslation('service');
  const tooLong = value.comment.trim().length > gradeCommentMax;
  return (
    <>
      <fieldset className={form.group} aria-describedby={missing ? `${id}-reason-error` : undefined}>
        <legend className={form.legend}>{t('ratingReason.legend')}</legend>
        <div className={styles.list}>
          {gradeReasons.map((reason, i) => (
            <label key={reason} className={styles.reason}>
              <input
                id={i === 0 ? `${id}-reason` : undefined}
                type="radio"
                name={`${id}-reason`}
                value={reason}
                checked={value.reason === reason}
                onChange={() => onChange({ ...value, reason })}
              />
              {t(`ratingReason.reasons.${reason}`)}
            </label>
          ))}
        </div>
        {missing && (
          <p id={`${id}-reason-error`} className={form.error}>
            {t('ratingReason.choose')}
          </p>
        )}
      </fieldset>
      <TextAreaField
        id={`${id}-comment`}
        label={t('ratingReason.comment')}
        hint={t('ratingReason.commentHint')}
        optional
        max={gradeCommentMax}
        value={value.comment}
        error={tooLong ? t('ratingReason.commentTooLong', { max: gradeCommentMax }) : undefined}
        rows={3}
        onChange={(e) => onChange({ ...value, comment: e.target.value })}
      />
    </>
  );
}
