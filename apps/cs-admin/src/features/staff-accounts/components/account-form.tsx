import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Switch, Typography } from 'antd';
import {
  staffAccountIdRule,
  staffAccountNameRule,
  staffEmailRule,
  staffPasswordRule,
  staffPrivileges,
  type StaffAccountData,
  type StaffPrivilegeId,
} from '@gp/contracts/staff';
import { codes } from '@gp/errors';
import { errorCode, errorMessage } from '../../../lib/error-message.ts';
import { privilegeHelp, privilegeLabel } from '../../../lib/privileges.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { accountCalls } from '../api/staff-accounts.calls.ts';
import { generateOneTimePassword } from './one-time-password.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import layout from '../../../lib/layout.module.css';
import styles from './account-form.module.css';

interface AccountValues {
  account_id: string;
  account_name: string;
  email?: string;
  account_pwd?: string;
  privilege_ids: StaffPrivilegeId[];
  reset_password?: boolean;
}

/**
 * Add a staff account (account id, name, one-time password, privileges) or edit one (name, privileges, and
 * optionally a new one-time password, never for one's own account). The one-time password is shown in clear
 * with a copy button: the administrator hands it over, and its owner must change it at first login.
 * Mounted only while open (with a key per account), so each opening starts from the account's values.
 */
export function AccountForm({
  account,
  own,
  onClose,
  onSaved,
}: {
  /** The account to edit; null to add one. */
  account: StaffAccountData | null;
  /** Whether `account` is the signed-in staff member's own. */
  own: boolean;
  onClose: () => void;
  onSaved: (saved: StaffAccountData, oneTimePassword: string | undefined) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<AccountValues>();
  const { sending, alert, save } = useFormSave(form);
  const [copied, setCopied] = useState(false);
  const editing = account !== null;
  const resetting = Form.useWatch('reset_password', form) === true;
  const password = Form.useWatch('account_pwd', form);
  const wantsPassword = !editing || resetting;

  const generate = () => {
    form.setFieldValue('account_pwd', generateOneTimePassword());
    setCopied(false);
    void form.validateFields(['account_pwd']);
  };

  const copy = async () => {
    if (!password) return;
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const submit = () =>
    save(
      async (values) => {
        const oneTime = wantsPassword ? values.account_pwd : undefined;
        // Sent only when it changes (empty clears it), so a save of other fields leaves it alone.
        const email = values.email?.trim() ?? '';
        const emailChange = email !== (account?.email ?? '') ? { email } : {};
        const saved = editing
          ? await accountCalls.save({
              account_id: account.account_id,
              account_name: values.account_name,
              privilege_ids: values.privilege_ids,
              ...(oneTime ? { account_pwd: oneTime } : {}),
              ...emailChange,
            })
          : await accountCalls.add({
              account_id: values.account_id,
              account_name: values.account_name,
              account_pwd: values.account_pwd ?? '',
              privilege_ids: values.privilege_ids,
              ...emailChange,
            });
        onSaved(saved, oneTime);
      },
      (error) => {
        const code = errorCode(error);
        const field =
          code === codes.staffAccountExists
            ? 'account_id'
            : code === codes.staffPasswordRule
              ? 'account_pwd'
              : null;
        if (field === null) return errorMessage(t, error);
        form.setFields([{ name: field, errors: [errorMessage(t, error)] }]);
        return null;
      },
    );

  return (
    <Modal
      open
      title={editing ? t('accounts.editTitle', { account: account.account_id }) : t('accounts.addTitle')}
      okText={editing ? t('accounts.save') : t('accounts.create')}
      cancelText={t('accounts.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      width={640}
    >
      <Form<AccountValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={
          account
            ? {
                account_id: account.account_id,
                account_name: account.account_name,
                email: account.email ?? '',
                privilege_ids: account.privilege_ids as StaffPrivilegeId[],
                reset_password: false,
              }
            : { account_id: '', account_name: '', email: '', account_pwd: '', privilege_ids: [] }
        }
      >
        {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
        <Form.Item
          name="account_id"
          label={t('accounts.accountId')}
          extra={editing ? undefined : t('accounts.accountIdHint')}
          rules={editing ? [] : [zodRule(staffAccountIdRule, t('accounts.accountIdRule'))]}
        >
          <Input
            readOnly={editing}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={32}
            autoFocus={!editing}
          />
        </Form.Item>
        <Form.Item
          name="account_name"
          label={t('accounts.name')}
          rules={[zodRule(staffAccountNameRule, t('accounts.nameRule'))]}
        >
          <Input autoComplete="off" maxLength={32} autoFocus={editing} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('accounts.email')}
          extra={t('accounts.emailHint')}
          rules={[zodRule(staffEmailRule, t('accounts.emailRule'))]}
        >
          <Input type="email" autoComplete="off" spellCheck={false} maxLength={254} />
        </Form.Item>
        {editing && !own && (
          <Form.Item name="reset_password" valuePropName="checked" label={t('accounts.resetPassword')}>
            <Switch />
          </Form.Item>
        )}
        {wantsPassword && (
          <>
            <Form.Item
              name="account_pwd"
              label={t('accounts.oneTimePassword')}
              extra={t('accounts.oneTimePasswordHint')}
              rules={[zodRule(staffPasswordRule, t('staff-errors:staff.passwordRule'))]}
            >
              <Input autoComplete="off" spellCheck={false} maxLength={64} className={layout.mono} />
            </Form.Item>
            <Space wrap className={styles.passwordTools}>
              <Button onClick={generate}>{t('accounts.generate')}</Button>
              <Button onClick={() => void copy()} disabled={!password}>
                {t('accounts.copy')}
              </Button>
              <span role="status">
                {copied && <Typography.Text type="success">{t('accounts.copied')}</Typography.Text>}
              </span>
            </Space>
          </>
        )}
        <Form.Item name="privilege_ids" label={t('accounts.privileges')}>
          <Checkbox.Group className={styles.privileges}>
            {staffPrivileges.map((p) => (
              <Checkbox key={p.id} value={p.id}>
                <span>{privilegeLabel(t, p.name)}</span>
                <Typography.Text type="secondary" className={layout.hint}>
                  {privilegeHelp(t, p.name)}
                </Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
