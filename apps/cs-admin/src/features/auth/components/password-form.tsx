import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input } from 'antd';
import { staffPasswordRule, type StaffSessionData } from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { authCalls, type PasswordInput } from '../api/auth.calls.ts';
import layout from '../../../lib/layout.module.css';

type PasswordValues = PasswordInput;

/** Which field a refusal is about, so the message shows under it. */
const fieldOfCode: Record<number, keyof PasswordValues> = {
  [codes.staffOldPasswordWrong]: 'old_pwd',
  [codes.staffNewPasswordSameAsOld]: 'new_pwd',
  [codes.staffPasswordRule]: 'new_pwd',
  [codes.staffPasswordsDiffer]: 're_pwd',
};

/**
 * Current password, new one twice. The new one is checked on the device with the server's rule
 * (`staffPasswordRule`), against the current one and against its repetition before anything is sent.
 */
export function PasswordForm({ onChanged }: { onChanged: (session: StaffSessionData) => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<PasswordValues>();
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (values: PasswordValues) => {
    setSending(true);
    setAlert(null);
    try {
      onChanged(await authCalls.changePassword(values));
    } catch (error) {
      setSending(false);
      const field = fieldOfCode[errorCode(error) ?? 0];
      if (field) form.setFields([{ name: field, errors: [errorMessage(t, error)] }]);
      else setAlert(errorMessage(t, error));
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      className={layout.narrowBlock}
    >
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Form.Item
        name="old_pwd"
        label={t('password.current')}
        rules={[{ required: true, message: t('password.currentRequired') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={256} autoFocus />
      </Form.Item>
      <Form.Item
        name="new_pwd"
        label={t('password.new')}
        extra={t('password.rule')}
        dependencies={['old_pwd']}
        rules={[
          zodRule(staffPasswordRule, t('staff-errors:staff.passwordRule')),
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              value && value === getFieldValue('old_pwd')
                ? Promise.reject(new Error(t('staff-errors:staff.newPasswordSameAsOld')))
                : Promise.resolve(),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="re_pwd"
        label={t('password.repeat')}
        dependencies={['new_pwd']}
        rules={[
          { required: true, message: t('password.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('new_pwd')
                ? Promise.resolve()
                : Promise.reject(new Error(t('staff-errors:staff.passwordsDiffer'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
