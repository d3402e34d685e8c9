import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Modal, Typography } from 'antd';
import type { SettlementItem } from '@gp/contracts/pay-settlement';

/** "Mark resolved": what was done, in a note kept with the difference and in the audit log. */
export function SettlementResolveDialog({
  item,
  saving,
  onSave,
  onClose,
}: {
  item: SettlementItem | null;
  saving: boolean;
  onSave: (item: SettlementItem, note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = note.trim() === '';
  return (
    <Modal
      open={item !== null}
      title={item ? t('settlement.resolveOf', { ref: item.provider_ref }) : ''}
      okText={t('settlement.resolve')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => {
        setNote('');
        setTouched(false);
      }}
      onCancel={onClose}
      onOk={() => {
        setTouched(true);
        if (item && !missing) onSave(item, note.trim());
      }}
    >
      {item && <Typography.Paragraph>{t(`settlement.advice.${item.kind}`)}</Typography.Paragraph>}
      <Form layout="vertical">
        <Form.Item
          label={t('settlement.note')}
          htmlFor="settlement-note"
          validateStatus={touched && missing ? 'error' : undefined}
          help={touched && missing ? t('settlement.noteRequired') : undefined}
        >
          <Input.TextArea
            id="settlement-note"
            value={note}
            maxLength={500}
            autoSize={{ minRows: 3 }}
            onChange={(event) => setNote(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
