/**
 * The ticket's reply editor. Opening it (focusing the text) takes the ticket's editing lock; typing renews it;
 * Cancel and leaving give it back. While another agent holds the ticket the editor stays read-only and names
 * them. The draft is kept per ticket in sessionStorage until it is sent.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Space, Typography } from 'antd';
import { workOrderStatus } from '@gp/contracts/cs';
import type { DeskTicketDetail } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText, lockHolderOf } from '../model/desk-errors.ts';
import type { EditLock } from '../api/use-edit-lock.ts';
import { formatUntil } from '../model/format.ts';
import { clearDraft, loadDraft, saveDraft, type ReplyDraft } from '../model/reply-draft.ts';
import { checkReply } from '../model/reply-validation.ts';
import { ToneText } from './tone-text.tsx';
import { ReplyFields } from './reply-fields.tsx';
import layout from '../../../lib/layout.module.css';

const emptyDraft: ReplyDraft = { reply_status: 2, reply_content: '' };

export function ReplyEditor({
  ticket,
  lock,
  onSent,
  onStale,
}: {
  ticket: DeskTicketDetail;
  /** The ticket's editing lock as this screen holds it (`useEditLock`). */
  lock: EditLock;
  /** The reply went through: the thread shows it. */
  onSent: () => void;
  /** The lock lapsed and is taken again: someone may have answered meanwhile. */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation('desk');
  const id = ticket.work_order_id;
  const [draft, setDraft] = useState<ReplyDraft>(() => loadDraft(id) ?? emptyDraft);
  const [errors, setErrors] = useState<{ content?: string; status?: string }>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; text: string } | null>(null);

  if (ticket.work_order_status === workOrderStatus.closed) {
    return <Alert type="info" showIcon title={t('editor.closed')} />;
  }

  const held = lock.state.kind === 'held';
  const change = (next: ReplyDraft) => {
    setDraft(next);
    saveDraft(id, next);
    setOutcome(null);
    if (errors.content || errors.status) setErrors({});
    lock.touch();
  };

  const send = () => {
    if (!held || sending) return;
    const check = checkReply(draft, t);
    if (!check.ok) {
      setErrors({ content: check.content, status: check.status });
      return;
    }
    setErrors({});
    setSending(true);
    deskCalls
      .reply({ work_order_id: id, ...check.value })
      .then(
        () => {
          clearDraft(id);
          setDraft(emptyDraft);
          lock.ended();
          setOutcome({ ok: true });
          onSent();
        },
        (error: unknown) => {
          const holder = lockHolderOf(error);
          if (holder) lock.heldBy(holder);
          else setOutcome({ ok: false, text: deskErrorText(t, error) });
        },
      )
      .finally(() => setSending(false));
  };

  const state = lock.state;
  return (
    <section aria-label={t('editor.label')}>
      <div aria-live="polite" className={layout.gapBelowSmall}>
        {state.kind === 'other' && (
          <Alert
            type="warning"
            showIcon
            title={errorText(t, 'staff', codes.staffTicketHandledByOther)}
            description={t('lock.handling', {
              name: state.holder.account_name,
              time: formatUntil(state.holder.expires_at, i18n.language),
            })}
          />
        )}
        {state.kind === 'lapsed' && (
          <Alert
            type="warning"
            showIcon
            title={errorText(t, 'staff', codes.staffEditLockExpired)}
            description={t('lock.lapsed')}
            action={
              <Button
                onClick={() => {
                  lock.take();
                  onStale();
                }}
              >
                {t('lock.takeAgain')}
              </Button>
            }
          />
        )}
        {state.kind === 'failed' && (
          <Alert
            type="error"
            showIcon
            title={deskErrorText(t, state.error)}
            action={<Button onClick={lock.take}>{t('lock.retry')}</Button>}
          />
        )}
        {state.kind === 'free' && <Typography.Text type="secondary">{t('lock.hint')}</Typography.Text>}
        {state.kind === 'taking' && <Typography.Text type="secondary">{t('lock.taking')}</Typography.Text>}
        {state.kind === 'held' && (
          <ToneText tone="success">
            {t('lock.yours', { time: formatUntil(state.expiresAt, i18n.language) })}
          </ToneText>
        )}
        {outcome?.ok === true && <Alert type="success" showIcon title={t('editor.sent')} />}
        {outcome?.ok === false && <Alert type="error" showIcon title={outcome.text} />}
      </div>
      <ReplyFields
        value={draft}
        onChange={change}
        onSubmit={send}
        readOnly={!held}
        onFocus={lock.take}
        errors={errors}
        gameBaseId={ticket.game_base_id}
      />
      <Space className={layout.gapAboveSmall}>
        <Button type="primary" onClick={send} disabled={!held} loading={sending}>
          {t('editor.send')}
        </Button>
        <Button onClick={lock.release} disabled={!held || sending}>
          {t('editor.cancel')}
        </Button>
      </Space>
    </section>
  );
}
