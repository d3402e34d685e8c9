import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Form, Input, type InputRef } from 'antd';
import type { StaffSecondStepData, StaffSessionData } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { authCalls, loginFields } from '../api/auth.calls.ts';
import { useCaptcha } from '../api/use-captcha.ts';
import layout from '../../../lib/layout.module.css';

interface LoginValues {
  account_id: string;
  account_pwd: string;
  captcha_code: string;
}

/**
 * Account, password and picture code. Every refusal is shown translated by its code, and each failed try gets a
 * new picture (the server spends a picture on every attempt).
 */
export function LoginForm({
  onLoggedIn,
  onSecondStep,
}: {
  onLoggedIn: (session: StaffSessionData) => void;
  /** A right password of an account with a second factor: the login goes on with it. */
  onSecondStep: (step: StaffSecondStepData) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<LoginValues>();
  const captcha = useCaptcha();
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const password = useRef<InputRef>(null);
  const code = useRef<InputRef>(null);

  const submit = async (values: LoginValues) => {
    const token = captcha.captcha?.token;
    if (!token) {
      captcha.renew();
      return;
    }
    setSending(true);
    setAlert(null);
    try {
      const answer = await authCalls.login({ ...values, token });
      if ('second_step' in answer) onSecondStep(answer);
      else onLoggedIn(answer);
    } catch (error) {
      setSending(false);
      form.setFieldValue('captcha_code', '');
      captcha.renew();
      const failed = errorCode(error);
      if (failed === codes.staffCaptchaWrong) {
        form.setFields([{ name: 'captcha_code', errors: [errorMessage(t, error)] }]);
        code.current?.focus();
        return;
      }
      setAlert(errorMessage(t, error));
      if (failed === codes.staffWrongCredentials) {
        form.setFieldValue('account_pwd', '');
        password.current?.focus();
      }
    }
  };

  const pictureError = captcha.error ? errorMessage(t, captcha.error) : null;
  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void submit(values)}
      requiredMark={false}
      aria-label={t('login.title')}
    >
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Form.Item
        name="account_id"
        label={t('login.account')}
        rules={[zodRule(loginFields.account_id, t('login.accountRequired'))]}
      >
        <Input autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={64} autoFocus />
      </Form.Item>
      <Form.Item
        name="account_pwd"
        label={t('login.password')}
        rules={[zodRule(loginFields.account_pwd, t('login.passwordRequired'))]}
      >
        <Input.Password ref={password} autoComplete="current-password" maxLength={256} />
      </Form.Item>
      <Form.Item
        name="captcha_code"
        label={t('login.captcha')}
        extra={t('login.captchaHint')}
        rules={[zodRule(loginFields.captcha_code, t('login.captchaRequired'))]}
      >
        <Input
          ref={code}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={12}
          className={layout.codeInput}
        />
      </Form.Item>
      <Flex gap="small" align="center" wrap className={layout.gapBelowLarge}>
        <button
          type="button"
          className="captcha-picture"
          onClick={captcha.renew}
          aria-label={t('login.newCaptcha')}
          title={t('login.newCaptcha')}
        >
          {captcha.captcha ? (
            <img src={captcha.captcha.image} alt="" width={120} height={40} />
          ) : (
            <span className="captcha-placeholder" />
          )}
        </button>
        <Button type="link" onClick={captcha.renew} loading={captcha.loading}>
          {t('login.newCaptcha')}
        </Button>
      </Flex>
      {pictureError && <Alert type="error" showIcon title={pictureError} className={layout.gapBelow} />}
      <Button type="primary" htmlType="submit" block loading={sending} disabled={!captcha.captcha}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
