import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { fansGroupSave, fansGroupText, type FansGroupAdminData } from '@gp/contracts/content-admin';
import { zodRule } from '../../../lib/zod-rule.ts';
import { fansGroupCalls } from '../api/content.calls.ts';
import {
  fansGroupSaveOf,
  fansGroupTextFields,
  fansGroupValuesOf,
  type FansGroupValues,
} from '../model/item-values.ts';
import { fieldsShown, OrderFields, SlugField } from './common-fields.tsx';
import { ItemModal, useItemForm, type ItemFormKind, type ItemFormProps } from './item-modal.tsx';
import { TextTabs, type TextFieldSpec } from './text-tabs.tsx';

const textFields: TextFieldSpec[] = [
  { name: 'name', labelKey: 'fansGroup.name', schema: fansGroupText.shape.name, max: 100, required: true },
];

const kind: ItemFormKind<FansGroupValues, FansGroupAdminData> = {
  titles: 'fansGroup',
  nameOf: (item) => item.texts.en?.name ?? item.slug,
  valuesOf: fansGroupValuesOf,
  save: (values, item) => fansGroupCalls.save(fansGroupSaveOf(values, item?.id)),
  shows: fieldsShown(['slug', 'url', 'sort', 'is_online'], fansGroupTextFields),
};

/** Adds or edits a fan community of the fan-groups menu: its page, its name per language, order, on/off. */
export function FansGroupForm({ item, ...done }: ItemFormProps<FansGroupAdminData>) {
  const { t } = useTranslation('cms');
  const state = useItemForm<FansGroupValues>();
  return (
    <ItemModal kind={kind} item={item} state={state} {...done}>
      <TextTabs fields={textFields} tabs={state.tabs} />
      <Form.Item
        name="url"
        label={t('fansGroup.url')}
        extra={t('fansGroup.urlHint')}
        rules={[zodRule(fansGroupSave.shape.url, t('fansGroup.urlRule'))]}
      >
        <Input maxLength={500} autoComplete="off" spellCheck={false} placeholder="https://" />
      </Form.Item>
      <OrderFields />
      <SlugField />
    </ItemModal>
  );
}
