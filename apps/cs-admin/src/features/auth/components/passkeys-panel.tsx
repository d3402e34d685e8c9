import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import {
  addPasskey,
  removePasskey,
  secondFactorError,
  type StaffSecondFactorData,
} from '../api/second-factor.ts';
import { StepUpCancelled } from './step-up-dialog.tsx';
import layout from '../../../lib/layout.module.css';

/**
 * One's own passkeys: each with when it was added and last used, and removal (not of the only second factor);
 * a new one is made by the browser (Windows Hello, Touch ID, a phone, a security key) under a name.
 */
export function PasskeysPanel({
  passkeys,
  onAdded,
  onChanged,
  guarded,
}: {
  passkeys: StaffSecondFactorData['passkeys'];
  onAdded: (recoveryCodes: string[] | null) => void;
  onChanged: () => void;
  /** Runs a change behind the step-up dialog (useStepUp). */
  guarded: <T>(change: () => Promise<T>) => Promise<T>;
}) {
  const { t, i18n } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const when = (iso: string | null) =>
    iso ? formatDate(iso, i18n.language, { style: mediumDateTimeSeconds }) : t('secondFactor.never');

  const add = async (name: string) => {
    setBusy(true);
    setAlert(null);
    try {
      const answer = await guarded(() => addPasskey(name.trim()));
      form.resetFields();
      void message.success(t('secondFactor.passkey.added'));
      onAdded(answer.recovery_codes);
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setAlert(secondFactorError(t, error));
    } finally {
      setBusy(false);
    }
  };
  const removeNow = async (id: number) => {
    try {
      await guarded(() => removePasskey(id));
      void message.success(t('secondFactor.passkey.removed'));
      onChanged();
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) void message.error(secondFactorError(t, error));
    }
  };
  const remove = (passkey: StaffSecondFactorData['passkeys'][number]) =>
    void modal.confirm({
      title: t('secondFactor.passkey.removeTitle', { name: passkey.name }),
      okText: t('secondFactor.passkey.remove'),
      okButtonProps: { danger: true },
      cancelText: t('accounts.cancel'),
      // Not awaited: the confirmation closes, and the step-up dialog (when asked for) takes its place.
      onOk: () => void removeNow(passkey.id),
    });

  return (
    <Flex vertical gap={12} className={layout.readable}>
      {passkeys.length === 0 ? (
        <Typography.Text type="secondary">{t('secondFactor.passkey.none')}</Typography.Text>
      ) : (
        <ul aria-label={t('secondFactor.passkey.title')} className={layout.bullets}>
          {passkeys.map((p) => (
            <li key={p.id} className={layout.gapBelowTight}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{p.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t('secondFactor.passkey.addedAt', { when: when(p.created_at) })} ·{' '}
                  {t('secondFactor.lastUsed', { when: when(p.last_used_at) })}
                </Typography.Text>
                <Button
                  size="small"
                  danger
                  onClick={() => remove(p)}
                  aria-label={t('secondFactor.passkey.removeOf', { name: p.name })}
                >
                  {t('secondFactor.passkey.remove')}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {alert && <Alert type="error" showIcon title={alert} />}
      <Form<{ name: string }>
        form={form}
        layout="inline"
        requiredMark={false}
        initialValues={{ name: '' }}
        onFinish={(values) => void add(values.name)}
      >
        <Form.Item
          name="name"
          label={t('secondFactor.passkey.name')}
          rules={[{ required: true, whitespace: true, message: t('secondFactor.passkey.nameRequired') }]}
        >
          <Input maxLength={32} placeholder={t('secondFactor.passkey.namePlaceholder')} />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          {t('secondFactor.passkey.add')}
        </Button>
      </Form>
    </Flex>
  );
}
