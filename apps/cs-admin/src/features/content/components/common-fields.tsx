/** Fields several content forms share: the display order, the on/off switch, the slug (or key). */
import { useTranslation } from 'react-i18next';
import { Col, Form, Input, InputNumber, Row, Switch } from 'antd';
import { contentSlugRule } from '@gp/contracts/content-admin';
import layout from '../../../lib/layout.module.css';

export function SortField() {
  const { t } = useTranslation('cms');
  return (
    <Form.Item
      name="sort"
      label={t('form.sort')}
      extra={t('form.sortHint')}
      rules={[{ required: true, message: t('form.sortRule') }]}
    >
      <InputNumber min={0} max={1_000_000} precision={0} className={layout.control} />
    </Form.Item>
  );
}

export function OnlineField({ hintKey = 'form.onlineHint' }: { hintKey?: string | undefined }) {
  const { t } = useTranslation('cms');
  return (
    <Form.Item name="is_online" label={t('form.online')} valuePropName="checked" extra={t(hintKey)}>
      <Switch />
    </Form.Item>
  );
}

/** The display order and the on/off switch side by side, as every ordered kind has them. */
export function OrderFields({ onlineHintKey }: { onlineHintKey?: string | undefined }) {
  return (
    <Row gutter={16}>
      <Col>
        <SortField />
      </Col>
      <Col>
        <OnlineField hintKey={onlineHintKey} />
      </Col>
    </Row>
  );
}

/** The stable name links and seeds use; left empty on a new item, the server makes one. */
export function SlugField({ name = 'slug' }: { name?: 'slug' | 'key' }) {
  const { t } = useTranslation('cms');
  return (
    <Form.Item
      name={name}
      label={name === 'key' ? t('form.key') : t('form.slug')}
      extra={t('form.slugHint')}
      rules={[
        {
          validator: (_rule: unknown, value: string | undefined) =>
            !value?.trim() || contentSlugRule.safeParse(value).success
              ? Promise.resolve()
              : Promise.reject(new Error(t('form.slugRule'))),
        },
      ]}
    >
      <Input maxLength={64} autoComplete="off" spellCheck={false} className={layout.fieldMax} />
    </Form.Item>
  );
}

/** A form's top-level fields plus `texts.<lang>.<field>`: what a refusal may name and the form can show. */
export function fieldsShown(top: readonly string[], texts: readonly string[]) {
  const topSet = new Set(top);
  const textSet = new Set(texts);
  return (name: (string | number)[]) =>
    name.length === 1
      ? topSet.has(String(name[0]))
      : name.length === 3 && name[0] === 'texts' && textSet.has(String(name[2]));
}
