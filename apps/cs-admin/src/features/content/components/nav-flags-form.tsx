/**
 * The portal's five menu flags (news, games, top-up, fan groups, customer service), each a switch with what it
 * shows or hides. Saving sends all five; the form keeps its values when the save fails.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Switch, Typography } from 'antd';
import type { NavFlags } from '@gp/contracts/web';
import { errorMessage } from '../../../lib/error-message.ts';
import { navCalls } from '../api/content.calls.ts';
import layout from '../../../lib/layout.module.css';

/** The flags in the order the portal's header shows their menus. */
export const navFlagNames = [
  'is_show_news',
  'is_show_game',
  'is_show_invest',
  'is_show_fans_group',
  'is_show_cs',
] as const;

type NavValues = Record<(typeof navFlagNames)[number], boolean>;

const valuesOf = (flags: NavFlags): NavValues =>
  Object.fromEntries(navFlagNames.map((name) => [name, flags[name] === 1])) as NavValues;

export function NavFlagsForm({ flags }: { flags: NavFlags }) {
  const { t } = useTranslation('cms');
  const { message } = App.useApp();
  const [form] = Form.useForm<NavValues>();
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);

  const submit = async (values: NavValues) => {
    setSaving(true);
    setAlert(null);
    try {
      const saved = await navCalls.save({
        is_show_cs: values.is_show_cs ? 1 : 0,
        is_show_fans_group: values.is_show_fans_group ? 1 : 0,
        is_show_game: values.is_show_game ? 1 : 0,
        is_show_invest: values.is_show_invest ? 1 : 0,
        is_show_news: values.is_show_news ? 1 : 0,
      });
      form.setFieldsValue(valuesOf(saved));
      setDirty(false);
      void message.success(t('nav.saved'));
    } catch (error) {
      setAlert(errorMessage(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<NavValues>
      form={form}
      layout="horizontal"
      initialValues={valuesOf(flags)}
      onValuesChange={() => setDirty(true)}
      onFinish={(values) => void submit(values)}
    >
      <Flex vertical gap={16}>
        {alert && <Alert type="error" showIcon title={alert} />}
        {navFlagNames.map((name) => {
          const key = name.replace('is_show_', '');
          return (
            <Flex key={name} gap={16} align="flex-start">
              <Form.Item name={name} valuePropName="checked" noStyle>
                <Switch id={`nav-${name}`} aria-describedby={`nav-${name}-help`} />
              </Form.Item>
              <div>
                <label htmlFor={`nav-${name}`}>
                  <Typography.Text strong>{t(`nav.flag.${key}`)}</Typography.Text>
                </label>
                <Typography.Paragraph id={`nav-${name}-help`} type="secondary" className={layout.flush}>
                  {t(`nav.help.${key}`)}
                </Typography.Paragraph>
              </div>
            </Flex>
          );
        })}
        <Flex gap={8} align="center">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('form.save')}
          </Button>
          {dirty && <Typography.Text type="secondary">{t('nav.unsaved')}</Typography.Text>}
        </Flex>
      </Flex>
    </Form>
  );
}
