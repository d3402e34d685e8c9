import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import type { StaffSecondStepData, StaffSessionData } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { errorCode } from '../../../lib/error-message.ts';
import {
  loginWithPasskey,
  loginWithRecoveryCode,
  loginWithTotp,
  secondFactorError,
} from '../api/second-factor.ts';
import layout from '../../../lib/layout.module.css';

type Mode = 'totp' | 'recovery';

/**
 * The login's second step, required of every account with a second factor: a code from the authenticator app, a
 * recovery code, or a passkey, whichever the account has. A step that expired (-40022) sends the member back to the password.
 */
export function SecondStepForm({
  step,
  onLoggedIn,
  onRestart,
}: {
  step: StaffSecondStepData;
  onLoggedIn: (session: StaffSessionData) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>(step.methods.includes('totp') ? 'totp' : 'recovery');
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [sending, setSending] = useState(false);
  const hasPasskey = step.methods.includes('passkey');

  const run = async (work: () => Promise<StaffSessionData>) => {
    setSending(true);
    setAlert(null);
    try {
      onLoggedIn(await work());
    } catch (error) {
      setSending(false);
      form.setFieldValue('code', '');
      setExpired(errorCode(error) === codes.staffSecondFactorExpired);
      setAlert(secondFactorError(t, error));
    }
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setAlert(null);
    form.resetFields();
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} className={layout.screenSubtitle}>
        {t('secondFactor.step.title')}
      </Typography.Title>
      {alert && (
        <Alert
          type="error"
          showIcon
          title={alert}
          action={
            expired ? (
              <Button size="small" onClick={onRestart}>
                {t('secondFactor.step.restart')}
              </Button>
            ) : undefined
          }
        />
      )}
      {hasPasskey && (
        <Button
          type={mode === 'totp' && step.methods.includes('totp') ? 'default' : 'primary'}
          block
          disabled={sending}
          onClick={() => void run(loginWithPasskey)}
        >
          {t('secondFactor.step.usePasskey')}
        </Button>
      )}
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          void run(() => (mode === 'totp' ? loginWithTotp(values.code) : loginWithRecoveryCode(values.code)))
        }
      >
        <Form.Item
          key={mode}
          name="code"
          label={mode === 'totp' ? t('secondFactor.step.totpCode') : t('secondFactor.step.recoveryCode')}
          extra={mode === 'totp' ? t('secondFactor.step.totpHint') : t('secondFactor.step.recoveryHint')}
          rules={[{ required: true, whitespace: true, message: t('secondFactor.step.codeRequired') }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={mode === 'totp' ? 8 : 32}
            autoFocus
            className={layout.codeInput}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending}>
          {t('secondFactor.step.verify')}
        </Button>
      </Form>
      <Flex gap={8} wrap justify="space-between">
        {mode === 'totp' ? (
          <Button type="link" onClick={() => switchTo('recovery')}>
            {t('secondFactor.step.useRecovery')}
          </Button>
        ) : step.methods.includes('totp') ? (
          <Button type="link" onClick={() => switchTo('totp')}>
            {t('secondFactor.step.useTotp')}
          </Button>
        ) : (
          <span />
        )}
        <Button type="link" onClick={onRestart}>
          {t('secondFactor.step.restart')}
        </Button>
      </Flex>
    </Flex>
  );
}
