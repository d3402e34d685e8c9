import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, Typography } from 'antd';
import { z } from 'zod';
import {
  gameServerKeyIdRule,
  gameServerSecretRule,
  gameServerUrlRule,
  type GameServerDetail,
  type GameServerTestResult,
} from '@gp/contracts/game-server-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { optionalTextRule, zodRule } from '../../../lib/zod-rule.ts';
import { gameServerCalls } from '../api/game-servers.calls.ts';
import { gameServerErrorText, gameServerFieldTexts } from '../model/game-server-errors.ts';

interface Values {
  base_url: string;
  key_id: string;
  secret?: string;
  next_key_id?: string;
  next_secret?: string;
  test_mid?: string;
  test_role_id?: string;
}

const testMidRule = z.coerce.number().int().positive().max(2_147_483_647);
const blankToUndefined = (v: string | undefined) => (v && v.trim() !== '' ? v : undefined);

/**
 * A game's connection to its game server: base URL, key id and secret, and the second key of a rotation. A saved
 * secret is never shown: the field says when it was saved and stays empty (empty keeps it). "Test connection"
 * tests the saved connection, or the form's values when they differ from it (nothing is saved then); its result
 * goes to `onResult`. A refusal is shown at its field and nothing typed is lost.
 */
export function ConnectionForm({
  gameBaseId,
  detail,
  onDetail,
  onResult,
}: {
  gameBaseId: number;
  detail: GameServerDetail;
  onDetail: (next: GameServerDetail) => void;
  onResult: (result: GameServerTestResult) => void;
}) {
  const { t, i18n } = useTranslation('ops');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'save' | 'test' | 'rotate' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const saved = detail.connection;
  const when = (iso: string) => formatDate(iso, i18n.language, { style: mediumDateTimeSeconds });

  const refused = (error: unknown) => {
    const fields = gameServerFieldTexts(t, error).filter((f) =>
      ['base_url', 'key_id', 'secret', 'next_key_id', 'next_secret'].includes(f.field),
    );
    if (fields.length > 0)
      form.setFields(fields.map((f) => ({ name: f.field as keyof Values, errors: [f.text] })));
    else setAlert(gameServerErrorText(t, error));
  };

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields(['base_url', 'key_id', 'secret', 'next_key_id', 'next_secret']);
    } catch {
      return; // the form shows what is wrong
    }
    setBusy('save');
    setAlert(null);
    try {
      const next = await gameServerCalls.save({
        game_base_id: gameBaseId,
        base_url: values.base_url.trim(),
        key_id: values.key_id.trim(),
        secret: blankToUndefined(values.secret),
        next_key_id: values.next_key_id?.trim() ?? '',
        next_secret: blankToUndefined(values.next_secret),
      });
      // Secrets are not kept in the page once saved.
      form.setFieldsValue({ secret: '', next_secret: '' });
      onDetail(next);
      void message.success(t('gameServer.connection.saved'));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const test = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // Unsaved changes are what staff want to try: the form's values then, else the saved connection.
    const draft =
      !saved ||
      values.base_url.trim() !== saved.base_url ||
      values.key_id.trim() !== saved.key_id ||
      blankToUndefined(values.secret) !== undefined;
    setBusy('test');
    setAlert(null);
    try {
      const result = await gameServerCalls.test({
        game_base_id: gameBaseId,
        ...(draft
          ? {
              base_url: values.base_url.trim(),
              key_id: values.key_id.trim(),
              secret: blankToUndefined(values.secret),
            }
          : {}),
        test_mid: blankToUndefined(values.test_mid) ? Number(values.test_mid) : undefined,
        test_role_id: blankToUndefined(values.test_role_id)?.trim(),
      });
      onResult(result);
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const rotate = async () => {
    setBusy('rotate');
    setAlert(null);
    try {
      const next = await gameServerCalls.rotate({ game_base_id: gameBaseId });
      form.setFieldsValue({
        key_id: next.connection?.key_id ?? '',
        next_key_id: next.connection?.next_key_id ?? '',
      });
      onDetail(next);
      void message.success(t('gameServer.connection.rotated', { keyId: next.connection?.key_id }));
    } catch (error) {
      setAlert(gameServerErrorText(t, error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      aria-label={t('gameServer.connection.title')}
      initialValues={{
        base_url: saved?.base_url ?? '',
        key_id: saved?.key_id ?? '',
        next_key_id: saved?.next_key_id ?? '',
      }}
    >
      {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="base_url"
        label={t('gameServer.connection.baseUrl')}
        extra={
          detail.http_allowed
            ? t('gameServer.connection.baseUrlHttp')
            : t('gameServer.connection.baseUrlHelp')
        }
        rules={[zodRule(gameServerUrlRule, t('gameServer.error.url'))]}
      >
        <Input autoComplete="off" placeholder="https://game.studio.example/gp" />
      </Form.Item>
      <Form.Item
        name="key_id"
        label={t('gameServer.connection.keyId')}
        rules={[zodRule(gameServerKeyIdRule, t('gameServer.error.keyId'))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="secret"
        label={t('gameServer.connection.secret')}
        extra={
          saved
            ? t('gameServer.connection.secretSaved', { time: when(saved.secret_saved_at) })
            : t('gameServer.connection.secretNew')
        }
        rules={[optionalTextRule(gameServerSecretRule, t('gameServer.error.secret'))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Typography.Title level={3}>{t('gameServer.connection.nextTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('gameServer.connection.nextHelp')}</Typography.Paragraph>
      <Form.Item
        name="next_key_id"
        label={t('gameServer.connection.nextKeyId')}
        extra={saved?.next_key_id ? t('gameServer.connection.removeNext') : undefined}
        rules={[optionalTextRule(gameServerKeyIdRule, t('gameServer.error.keyId'))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="next_secret"
        label={t('gameServer.connection.nextSecret')}
        extra={
          saved?.next_secret_saved_at
            ? t('gameServer.connection.secretSaved', { time: when(saved.next_secret_saved_at) })
            : undefined
        }
        rules={[optionalTextRule(gameServerSecretRule, t('gameServer.error.secret'))]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" loading={busy === 'save'} disabled={busy !== null} onClick={() => void save()}>
          {t('gameServer.connection.save')}
        </Button>
        {saved?.next_key_id && (
          <Button loading={busy === 'rotate'} disabled={busy !== null} onClick={() => void rotate()}>
            {t('gameServer.connection.rotate')}
          </Button>
        )}
      </Flex>
      <Typography.Title level={3}>{t('gameServer.test.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('gameServer.test.help')}</Typography.Paragraph>
      <Flex gap={16} wrap>
        <Form.Item
          name="test_mid"
          label={t('gameServer.test.testMid')}
          extra={t('gameServer.test.testMidHelp')}
          rules={[optionalTextRule(testMidRule, t('gameServer.error.mid'))]}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="test_role_id" label={t('gameServer.test.testRoleId')}>
          <Input autoComplete="off" maxLength={64} />
        </Form.Item>
      </Flex>
      <Button loading={busy === 'test'} disabled={busy !== null} onClick={() => void test()}>
        {busy === 'test' ? t('gameServer.test.running') : t('gameServer.test.run')}
      </Button>
    </Form>
  );
}
