/**
 * Recall of one's own reply while the server still allows it (`recall_until`), with the time left counting
 * down. The player stops seeing the reply at once; the console and the audit log keep it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Popconfirm } from 'antd';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { formatCountdown } from '../model/format.ts';
import { useNow } from '../model/use-now.ts';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';

export function RecallButton({
  workOrderId,
  messageId,
  recallUntil,
  onRecalled,
}: {
  workOrderId: number;
  messageId: number;
  recallUntil: string;
  onRecalled: () => void;
}) {
  const { t } = useTranslation('desk');
  const until = Date.parse(recallUntil);
  const [closed, setClosed] = useState(false);
  const now = useNow(1_000, !closed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = until - now;
  const open = !closed && left > 0;

  const recall = () => {
    setBusy(true);
    setError(null);
    deskCalls
      .recall({ work_order_id: workOrderId, message_id: messageId })
      .then(
        () => onRecalled(),
        (e: unknown) => setError(deskErrorText(t, e)),
      )
      .finally(() => setBusy(false));
  };

  // The window has passed: stop the clock (the next load answers recall_until null anyway).
  if (!closed && left <= 0) setClosed(true);
  return (
    <span>
      {open && (
        <Popconfirm
          title={t('recall.confirm')}
          description={t('recall.confirmBody')}
          okText={t('recall.ok')}
          cancelText={t('recall.keep')}
          onConfirm={recall}
        >
          <Button size="small" danger loading={busy}>
            {t('recall.button', { time: formatCountdown(left) })}
          </Button>
        </Popconfirm>
      )}
      {error && (
        <ToneText tone="danger" role="alert" className={layout.gapBeside}>
          {error}
        </ToneText>
      )}
    </span>
  );
}
