import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { identityCheckMethod, type IdentityCheckMethod } from '@gp/contracts/privacy';

/** What the agent records when opening a deletion for a member. */
export interface OpenDeletionInput {
  mid: number;
  method: IdentityCheckMethod;
  note: string;
}

/**
 * "Open a deletion for a member": for one who cannot confirm it on the account page (a social-login member with
 * no e-mail). The agent names the member, how they checked who is asking and what they checked; nothing is sent
 * until all three are there, and what was typed stays when the call is refused. Mount it anew for each opening
 * (a `key`): its fields start from `initialMid` and empty.
 */
export function OpenDeletionDialog({
  open,
  initialMid,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  initialMid: number | null;
  saving: boolean;
  onSave: (input: OpenDeletionInput) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [mid, setMid] = useState<number | null>(initialMid);
  const [method, setMethod] = useState<IdentityCheckMethod | undefined>();
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = { mid: !mid, method: !method, note: note.trim() === '' };
  const fieldState = (key: keyof typeof missing, message: string) =>
    touched && missing[key] ? { validateStatus: 'error' as const, help: message } : {};
  return (
    <Modal
      open={open}
      title={t('privacyRequests.openTitle')}
      okText={t('privacyRequests.open')}
      okButtonProps={{ danger: true }}
      cancelText={t('privacyRequests.back')}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => {
        setTouched(true);
        if (mid && method && !missing.note) onSave({ mid, method, note: note.trim() });
      }}
    >
      <Typography.Paragraph>{t('privacyRequests.openExplain')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label="UID"
          htmlFor="open-deletion-mid"
          {...fieldState('mid', t('privacyRequests.midRequired'))}
        >
          <InputNumber
            id="open-deletion-mid"
            min={1}
            precision={0}
            value={mid}
            onChange={(value) => setMid(typeof value === 'number' ? value : null)}
          />
        </Form.Item>
        <Form.Item
          label={t('privacyRequests.checkMethod')}
          htmlFor="open-deletion-method"
          {...fieldState('method', t('privacyRequests.methodRequired'))}
        >
          <Select<IdentityCheckMethod>
            id="open-deletion-method"
            value={method}
            onChange={setMethod}
            options={identityCheckMethod.options.map((m) => ({
              value: m,
              label: t(`privacyRequests.checkMethods.${m}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('privacyRequests.checkNote')}
          htmlFor="open-deletion-note"
          extra={t('privacyRequests.checkNoteHint')}
          {...fieldState('note', t('privacyRequests.noteRequired'))}
        >
          <Input.TextArea
            id="open-deletion-note"
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
