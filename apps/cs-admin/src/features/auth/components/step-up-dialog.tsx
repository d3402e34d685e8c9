import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { codes } from '@gp/errors';
import { errorCode } from '../../../lib/error-message.ts';
import { secondFactorError, stepUp, stepUpWithPasskey } from '../api/second-factor.ts';
import layout from '../../../lib/layout.module.css';

/** What the account can prove a step-up with, besides its password. */
export interface StepUpFactors {
  totp: boolean;
  passkey: boolean;
}

interface Values {
  password: string;
  code?: string;
}

/**
 * "Confirm it's you" before a change of one's second factors (the server refuses one without a step-up of the last
 * few minutes, -40026): the password, and a code of the authenticator app or a recovery code, or a passkey.
 * Without any factor yet (the first enrolment) the password alone.
 */
export function StepUpDialog({
  open,
  factors,
  onDone,
  onCancel,
}: {
  open: boolean;
  factors: StepUpFactors;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const needsFactor = factors.totp || factors.passkey;

  const run = async (prove: () => Promise<unknown>) => {
    setBusy(true);
    setAlert(null);
    try {
      await prove();
      form.resetFields();
      onDone();
    } catch (error) {
      // A wrong password and a wrong code are both the user's to retype; the rest is said as the server says it.
      form.setFieldValue(errorCode(error) === codes.staffOldPasswordWrong ? 'password' : 'code', '');
      setAlert(secondFactorError(t, error));
    } finally {
      setBusy(false);
    }
  };
  const submit = (values: Values) => void run(() => stepUp(values.password, values.code));
  const withPasskey = async () => {
    const values = await form.validateFields(['password']).catch(() => undefined);
    if (values) void run(() => stepUpWithPasskey(values.password));
  };
  const cancel = () => {
    form.resetFields();
    setAlert(null);
    onCancel();
  };

  return (
    <Modal
      open={open}
      title={t('secondFactor.stepUp.title')}
      onCancel={cancel}
      footer={null}
      destroyOnHidden
      forceRender
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph className={layout.flush}>
          {needsFactor ? t('secondFactor.stepUp.intro') : t('secondFactor.stepUp.introPassword')}
        </Typography.Paragraph>
        {alert && <Alert type="error" showIcon title={alert} />}
        <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item
            name="password"
            label={t('secondFactor.stepUp.password')}
            rules={[{ required: true, message: t('secondFactor.stepUp.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {needsFactor ? (
            <Form.Item
              name="code"
              label={t('secondFactor.stepUp.code')}
              extra={t('secondFactor.stepUp.codeHint')}
              rules={
                factors.passkey ? [] : [{ required: true, message: t('secondFactor.step.codeRequired') }]
              }
            >
              <Input autoComplete="one-time-code" maxLength={32} />
            </Form.Item>
          ) : null}
          <Flex gap={8} wrap>
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('secondFactor.stepUp.confirm')}
            </Button>
            {factors.passkey && (
              <Button loading={busy} onClick={() => void withPasskey()}>
                {t('secondFactor.step.usePasskey')}
              </Button>
            )}
            <Button onClick={cancel}>{t('accounts.cancel')}</Button>
          </Flex>
        </Form>
      </Flex>
    </Modal>
  );
}

/** The user closed the step-up dialog: the change they asked for does not happen (nothing to report). */
export class StepUpCancelled extends Error {
  constructor() {
    super('step-up cancelled');
  }
}

/**
 * Runs a factor change; when the server asks for a step-up first (-40026), shows the dialog and, once the user has
 * confirmed it's them, runs the change again. Rejects with `StepUpCancelled` when they close it.
 */
export function useStepUp(factors: StepUpFactors): {
  guarded: <T>(change: () => Promise<T>) => Promise<T>;
  dialog: ReactNode;
} {
  const [waiting, setWaiting] = useState<((confirmed: boolean) => void) | null>(null);
  const guarded = useCallback(async <T,>(change: () => Promise<T>): Promise<T> => {
    try {
      return await change();
    } catch (error) {
      if (errorCode(error) !== codes.staffStepUpRequired) throw error;
      const confirmed = await new Promise<boolean>((resolve) => setWaiting(() => resolve));
      if (!confirmed) throw new StepUpCancelled();
      return change();
    }
  }, []);
  const settle = (confirmed: boolean) => {
    waiting?.(confirmed);
    setWaiting(null);
  };
  return {
    guarded,
    dialog: (
      <StepUpDialog
        open={waiting !== null}
        factors={factors}
        onDone={() => settle(true)}
        onCancel={() => settle(false)}
      />
    ),
  };
}
