/**
 * Changes a ticket's state or re-files it under another question type of its game (`deskTicketModify`). Closing
 * asks first: the player cannot follow up on a closed ticket. "No reply" is not offered once the ticket has an
 * answer (the server refuses it with -20001).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Popconfirm, Select, Space, Typography } from 'antd';
import {
  workOrderStatus,
  workOrderStatuses,
  workOrderStatusNames,
  type WorkOrderStatus,
} from '@gp/contracts/cs';
import { questionTypeUsage } from '@gp/contracts/cs';
import type { DeskTicketDetail } from '@gp/contracts/desk';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText, lockHolderOf } from '../model/desk-errors.ts';
import { useCallResult } from '../api/use-call-result.ts';
import { formatUntil } from '../model/format.ts';
import layout from '../../../lib/layout.module.css';

export function TicketModify({ ticket, onChanged }: { ticket: DeskTicketDetail; onChanged: () => void }) {
  const { t, i18n } = useTranslation('desk');
  const ids = { status: useId(), type: useId(), heading: useId() };
  const [status, setStatus] = useState<WorkOrderStatus>(ticket.work_order_status);
  const [type, setType] = useState(ticket.question_type);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const types = useCallResult(`types:${ticket.game_base_id}`, () =>
    deskCalls.types({ usage: questionTypeUsage.ticket, game_base_id: ticket.game_base_id }),
  );

  const changed = status !== ticket.work_order_status || type !== ticket.question_type;
  const closing = status === workOrderStatus.closed && ticket.work_order_status !== workOrderStatus.closed;
  const typeOptions = (types.data ?? []).map((q) => ({
    value: q.question_type,
    label: q.question_type_name,
  }));
  if (!typeOptions.some((o) => o.value === ticket.question_type))
    typeOptions.unshift({ value: ticket.question_type, label: ticket.question_type_name });

  const save = () => {
    setSaving(true);
    setOutcome(null);
    deskCalls
      .modify({
        work_order_id: ticket.work_order_id,
        ...(status !== ticket.work_order_status ? { work_order_status: status } : {}),
        ...(type !== ticket.question_type ? { question_type: type } : {}),
      })
      .then(
        () => {
          setOutcome({ ok: true, text: t('modify.saved') });
          onChanged();
        },
        (error: unknown) => {
          const holder = lockHolderOf(error);
          const text = deskErrorText(t, error);
          setOutcome({
            ok: false,
            text: holder
              ? `${text} ${t('lock.handling', { name: holder.account_name, time: formatUntil(holder.expires_at, i18n.language) })}`
              : text,
          });
        },
      )
      .finally(() => setSaving(false));
  };

  return (
    <section aria-labelledby={ids.heading}>
      <Typography.Title level={2} id={ids.heading} className={layout.large}>
        {t('modify.heading')}
      </Typography.Title>
      <Space wrap align="end">
        <div>
          <label htmlFor={ids.status} className={layout.fieldLabel}>
            {t('modify.status')}
          </label>
          <Select<WorkOrderStatus>
            id={ids.status}
            className={layout.controlWide}
            value={status}
            onChange={setStatus}
            options={workOrderStatuses.map((s) => ({
              value: s,
              label: t(`status.${workOrderStatusNames[s]}`),
              disabled: s === workOrderStatus.noReply && ticket.replied_at !== null,
            }))}
          />
        </div>
        <div>
          <label htmlFor={ids.type} className={layout.fieldLabel}>
            {t('modify.questionType')}
          </label>
          <Select<number>
            id={ids.type}
            className={layout.controlWide}
            value={type}
            onChange={setType}
            loading={types.loading}
            options={typeOptions}
          />
        </div>
        <Popconfirm
          title={t('modify.closeConfirm')}
          description={t('modify.closeConfirmBody')}
          okText={t('modify.closeOk')}
          cancelText={t('modify.closeKeep')}
          disabled={!closing}
          onConfirm={save}
        >
          <Button type="primary" disabled={!changed} loading={saving} onClick={closing ? undefined : save}>
            {t('modify.save')}
          </Button>
        </Popconfirm>
      </Space>
      <div aria-live="polite" className={layout.gapAboveTight}>
        {outcome && <Alert type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} />}
      </div>
    </section>
  );
}
