import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Row } from 'antd';
import { fansGroupSave, fansGroupText, type FansGroupAdminData } from '@gp/contracts/content-admin';
import { zodRule } from '../../../lib/zod-rule.ts';
import { fansGroupCalls } from '../api/content-calls.ts';
import {
  fansGroupSaveOf,
  fansGroupTextFields,
  fansGroupValuesOf,
  type FansGroupValues,
} from '../model/item-values.ts';
import { fieldsShown, OnlineField, SlugField, SortField } from './common-fields.tsx';
import { ItemModal } from './item-modal.tsx';
import { TextTabs, useTextTabs, type TextFieldSpec } from './text-tabs.tsx';

const textFields: TextFieldSpec[] = [
  { name: 'name', labelKey: 'fansGroup.name', schema: fansGroupText.shape.name, max: 100, required: true },
];

const shows = fieldsShown(['slug', 'url', 'sort', 'is_online'], fansGroupTextFields);

/** Adds or edits a fan community of the fan-groups menu: its page, its name per language, order, on/off. */
export function FansGroupForm({
  item,
  onClose,
  onSaved,
}: {
  item: FansGroupAdminData | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('cms');
  const [form] = Form.useForm<FansGroupValues>();
  const tabs = useTextTabs(form);
  return (
    <ItemModal<FansGroupValues, FansGroupAdminData>
      title={
        item ? t('fansGroup.editTitle', { name: item.texts.en?.name ?? item.slug }) : t('fansGroup.newTitle')
      }
      okText={item ? t('form.save') : t('form.create')}
      form={form}
      tabs={tabs}
      initialValues={fansGroupValuesOf(item)}
      shows={shows}
      save={(values) => fansGroupCalls.save(fansGroupSaveOf(values, item?.id))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <TextTabs fields={textFields} tabs={tabs} />
      <Form.Item
        name="url"
        label={t('fansGroup.url')}
        extra={t('fansGroup.urlHint')}
        rules={[zodRule(fansGroupSave.shape.url, t('fansGroup.urlRule'))]}
      >
        <Input maxLength={500} autoComplete="off" spellCheck={false} placeholder="https://" />
      </Form.Item>
      <Row gutter={16}>
        <Col>
          <SortField />
        </Col>
        <Col>
          <OnlineField />
        </Col>
      </Row>
      <SlugField />
    </ItemModal>
  );
}
