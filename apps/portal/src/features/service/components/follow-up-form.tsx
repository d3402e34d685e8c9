/**
 * A follow-up on a replied ticket (`/service/requestion`): more text and files, checked with
 * `followUpFormSchema`, sent with the ticket as `parent_work_order_id`; then back to the ticket. A refusal
 * (-10000 still being handled, -20003 closed) shows its translated message and keeps what was typed.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoginRedirect } from '@gp/ui/use-login-redirect';
import { followUpFormSchema } from '@gp/contracts/cs';
import { serviceCalls } from '../api/service.calls.ts';
import { errorMessage, refusedFields } from '../model/error-message.ts';
import { fieldErrorsOf, firstError, type FieldErrors, type FieldMessages } from '../model/field-errors.ts';
import { useAttachments } from '../model/use-attachments.ts';
import { AttachmentPicker } from './attachment-picker.tsx';
import { focusById, FormMessages, TextAreaField } from './fields.tsx';
import styles from './form.module.css';

type Field = 'question_content' | 'attachments';
const order: Field[] = ['question_content', 'attachments'];
const messages: Record<Field, FieldMessages> = {
  question_content: { required: 'errors.followUpRequired', invalid: 'errors.content' },
  attachments: { invalid: 'errors.attachments' },
};

export function FollowUpForm({ ticketId, onSent }: { ticketId: number; onSent: () => void }) {
  const { t } = useTranslation('service');
  // The session ended while the page was open: to the login, back here afterwards.
  const { guard } = useLoginRedirect();
  const base = useId();
  const ids: Record<Field, string> = { question_content: `${base}-content`, attachments: `${base}-files` };
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attachments = useAttachments();

  const show = (found: FieldErrors<Field>) => {
    setErrors(found);
    focusById(ids[firstError(order, found) ?? 'question_content']);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setAlert(undefined);
    const raw = {
      parent_work_order_id: ticketId,
      question_content: content,
      attachments: attachments.fileIds,
    };
    const found = fieldErrorsOf<Field>(followUpFormSchema, raw, messages);
    if (attachments.uploading) found.attachments = 'errors.uploading';
    else if (attachments.failed) found.attachments = 'errors.uploadFailed';
    if (firstError(order, found)) {
      show(found);
      return;
    }
    setBusy(true);
    try {
      await guard(serviceCalls.createWorkOrder(followUpFormSchema.parse(raw)));
      attachments.clear();
      onSent();
    } catch (error) {
      setBusy(false);
      const refused = refusedFields(error).filter((f) => order.includes(f.field as Field));
      if (refused.length > 0) {
        show(Object.fromEntries(refused.map((f) => [f.field, messages[f.field as Field].invalid])));
        return;
      }
      setAlert(errorMessage(t, error));
    }
  };

  const err = (field: Field) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <FormMessages alert={alert} />
      <TextAreaField
        id={ids.question_content}
        label={t('requestion.content')}
        hint={t('requestion.contentHint')}
        required
        rows={8}
        max={1000}
        value={content}
        onChange={(e) => {
          setContent(e.target.value);
          setErrors((x) => (x.question_content ? { ...x, question_content: undefined } : x));
        }}
        error={err('question_content')}
      />
      <AttachmentPicker id={ids.attachments} attachments={attachments} error={err('attachments')} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy}>
          {busy ? t('form.sending') : t('requestion.submit')}
        </button>
      </div>
    </form>
  );
}
