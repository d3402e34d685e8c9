/**
 * An answer to every selected ticket (`deskTicketBatchReply`): the same text to all, or a saved reply in each
 * player's language after a preview (language-batch.tsx). Each ticket is answered on its own, so the dialog then
 * lists every ticket's outcome: replied, or refused with the reason (and who holds it for -40001).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Radio, Typography } from 'antd';
import type { DeskTicketSummary } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { formatUntil } from '../model/format.ts';
import type { ReplyDraft } from '../model/reply-draft.ts';
import { checkReply } from '../model/reply-validation.ts';
import { ToneText } from './tone-text.tsx';
import { LanguageBatch } from './language-batch.tsx';
import { ReplyFields } from './reply-fields.tsx';
import layout from '../../../lib/layout.module.css';

/** One ticket's outcome, with its title as it was when sent (the selection changes afterwards). */
type Result = Awaited<ReturnType<typeof deskCalls.batchReply>>['list'][number] & { title: string };

export function BatchReply({
  tickets,
  onDone,
}: {
  /** The selected tickets, in queue order. */
  tickets: DeskTicketSummary[];
  /** After a batch went out: the queue reloads and the answered tickets leave the selection. */
  onDone: (replied: number[]) => void;
}) {
  const { t, i18n } = useTranslation('desk');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ReplyDraft>({ reply_status: 2, reply_content: '' });
  const [errors, setErrors] = useState<{ content?: string; status?: string }>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<Result[] | null>(null);
  const [mode, setMode] = useState<'same' | 'languages'>('same');

  const close = () => {
    setOpen(false);
    setResults(null);
    setFailure(null);
    setErrors({});
  };

  /** The outcome of a batch that went out: shown per ticket, the queue told which were answered. */
  const finish = (list: Awaited<ReturnType<typeof deskCalls.batchReply>>['list']) => {
    const titles = new Map(tickets.map((x) => [x.work_order_id, x.question_title]));
    setResults(list.map((r) => ({ ...r, title: titles.get(r.work_order_id) ?? '' })));
    onDone(list.filter((r) => r.code === codes.ok).map((r) => r.work_order_id));
  };

  const send = () => {
    if (sending || results) return;
    const check = checkReply(draft, t);
    if (!check.ok) {
      setErrors({ content: check.content, status: check.status });
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    deskCalls
      .batchReply({ work_order_list: tickets.map((x) => x.work_order_id), ...check.value })
      .then(
        ({ list }) => {
          setDraft({ reply_status: draft.reply_status, reply_content: '' });
          finish(list);
        },
        (error: unknown) => setFailure(deskErrorText(t, error)),
      )
      .finally(() => setSending(false));
  };

  const reason = (r: Result) => {
    const text = errorText(t, 'staff', r.code);
    return r.lock
      ? `${text} ${t('lock.handling', { name: r.lock.account_name, time: formatUntil(r.lock.expires_at, i18n.language) })}`
      : text;
  };
  const repliedCount = results?.filter((r) => r.code === codes.ok).length ?? 0;

  return (
    <>
      <Button type="primary" disabled={tickets.length === 0} onClick={() => setOpen(true)}>
        {t('batch.open', { count: tickets.length })}
      </Button>
      <Modal
        open={open}
        width={960}
        title={
          <Typography.Title level={2} className={layout.sectionTitle}>
            {t('batch.title', { count: results?.length ?? tickets.length })}
          </Typography.Title>
        }
        onCancel={close}
        destroyOnHidden
        footer={
          !results && mode === 'languages'
            ? null
            : results
              ? [
                  <Button key="close" type="primary" onClick={close}>
                    {t('batch.close')}
                  </Button>,
                ]
              : [
                  <Button key="cancel" onClick={close}>
                    {t('editor.cancel')}
                  </Button>,
                  <Button key="send" type="primary" loading={sending} onClick={send}>
                    {t('batch.send', { count: tickets.length })}
                  </Button>,
                ]
        }
      >
        {results ? (
          <div aria-live="polite">
            <Alert
              type={repliedCount === results.length ? 'success' : 'warning'}
              showIcon
              title={t('batch.summary', { replied: repliedCount, count: results.length })}
            />
            <ul aria-label={t('batch.results')} className={`${layout.bulletsSpaced} ${layout.gapAboveSmall}`}>
              {results.map((r) => (
                <li key={r.work_order_id}>
                  <Typography.Text strong>
                    #{r.work_order_id} {r.title}
                  </Typography.Text>
                  {' — '}
                  {r.code === codes.ok ? (
                    <ToneText tone="success">{t('batch.replied')}</ToneText>
                  ) : (
                    <ToneText tone="danger">{t('batch.refused', { reason: reason(r) })}</ToneText>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <Radio.Group
              aria-label={t('replies.modeLabel')}
              optionType="button"
              value={mode}
              onChange={(e) => setMode(e.target.value as typeof mode)}
              options={[
                { value: 'same', label: t('replies.modeSame') },
                { value: 'languages', label: t('replies.modeLanguages') },
              ]}
              className={layout.gapBelowSmall}
            />
            {mode === 'languages' ? (
              <LanguageBatch tickets={tickets} onSent={finish} onCancel={close} />
            ) : (
              <>
                <Typography.Paragraph>
                  {t('batch.intro', { ids: tickets.map((x) => `#${x.work_order_id}`).join(', ') })}
                </Typography.Paragraph>
                {failure && <Alert type="error" showIcon title={failure} className={layout.gapBelowSmall} />}
                <ReplyFields
                  value={draft}
                  onChange={(next) => {
                    setDraft(next);
                    if (errors.content || errors.status) setErrors({});
                  }}
                  onSubmit={send}
                  errors={errors}
                  autoFocus
                />
              </>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
