import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { secondFactorError, confirmTotp, startTotp } from '../api/second-factor.ts';
import { StepUpCancelled } from './step-up-dialog.tsx';
import layout from '../../../lib/layout.module.css';

type Started = Awaited<ReturnType<typeof startTotp>>;

/**
 * Enrolling an authenticator app: a QR code to scan (and the key as text for apps without a camera), then a
 * code from the app to prove it holds the key. `onConfirmed` gets the recovery codes of a first second factor.
 */
export function TotpEnrolment({
  replacing,
  onConfirmed,
  guarded,
}: {
  replacing: boolean;
  onConfirmed: (recoveryCodes: string[] | null) => void;
  /** Runs the start behind the step-up dialog (useStepUp). */
  guarded: <T>(change: () => Promise<T>) => Promise<T>;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ code: string }>();
  const [started, setStarted] = useState<Started | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setAlert(null);
    try {
      setStarted(await guarded(startTotp));
    } catch (error) {
      if (!(error instanceof StepUpCancelled)) setAlert(secondFactorError(t, error));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (code: string) => {
    setBusy(true);
    setAlert(null);
    try {
      const answer = await confirmTotp(code);
      onConfirmed(answer.recovery_codes);
    } catch (error) {
      setBusy(false);
      form.setFieldValue('code', '');
      setAlert(secondFactorError(t, error));
    }
  };

  if (!started) {
    return (
      <Flex vertical gap={8} align="flex-start">
        {alert && <Alert type="error" showIcon title={alert} />}
        <Button type={replacing ? 'default' : 'primary'} loading={busy} onClick={() => void start()}>
          {replacing ? t('secondFactor.totp.replace') : t('secondFactor.totp.start')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle" className={layout.readable}>
      <Typography.Paragraph className={layout.flush}>{t('secondFactor.totp.scan')}</Typography.Paragraph>
      <img
        src={started.qr}
        alt={t('secondFactor.totp.qrAlt')}
        width={200}
        height={200}
        className={layout.framed}
      />
      <div>
        <Typography.Text>{t('secondFactor.totp.manual')}</Typography.Text>
        <div>
          <Typography.Text code copyable aria-label={t('secondFactor.totp.key')} data-testid="totp-secret">
            {started.secret}
          </Typography.Text>
        </div>
      </div>
      {alert && <Alert type="error" showIcon title={alert} />}
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void confirm(values.code)}
      >
        <Form.Item
          name="code"
          label={t('secondFactor.totp.code')}
          rules={[
            { required: true, message: t('secondFactor.step.codeRequired') },
            { pattern: /^\s*(\d\s*){6}$/, message: t('secondFactor.totp.codeRule') },
          ]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={8}
            className={layout.codeInput}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('secondFactor.totp.confirm')}
        </Button>
      </Form>
    </Flex>
  );
}
