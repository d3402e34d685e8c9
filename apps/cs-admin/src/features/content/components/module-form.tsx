import { useTranslation } from 'react-i18next';
import { Form, Radio } from 'antd';
import { moduleText, type ModuleAdminData } from '@gp/contracts/content-admin';
import { homeModuleType } from '@gp/contracts/web';
import { moduleCalls } from '../api/content.calls.ts';
import { moduleSaveOf, moduleTextFields, moduleValuesOf, type ModuleValues } from '../model/item-values.ts';
import { fieldsShown, OrderFields, SlugField } from './common-fields.tsx';
import { ItemModal, useItemForm, type ItemFormKind, type ItemFormProps } from './item-modal.tsx';
import { TextTabs, type TextFieldSpec } from './text-tabs.tsx';

const textFields: TextFieldSpec[] = [
  { name: 'title', labelKey: 'module.heading', schema: moduleText.shape.title, max: 100, required: true },
];

const kind: ItemFormKind<ModuleValues, ModuleAdminData> = {
  titles: 'module',
  nameOf: (item) => item.texts.en?.title ?? item.key,
  valuesOf: moduleValuesOf,
  save: (values, item) => moduleCalls.save(moduleSaveOf(values, item?.id)),
  shows: fieldsShown(['key', 'type', 'sort', 'is_online'], moduleTextFields),
};

/** Adds or edits a section of the home page: what it shows, its heading per language, order, on/off. */
export function ModuleForm({ item, ...done }: ItemFormProps<ModuleAdminData>) {
  const { t } = useTranslation('cms');
  const state = useItemForm<ModuleValues>();
  return (
    <ItemModal kind={kind} item={item} state={state} {...done}>
      <Form.Item
        name="type"
        label={t('module.type')}
        rules={[{ required: true, message: t('module.typeRequired') }]}
      >
        <Radio.Group
          role="radiogroup"
          aria-label={t('module.type')}
          optionType="button"
          options={homeModuleType.options.map((type) => ({ value: type, label: t(`moduleType.${type}`) }))}
        />
      </Form.Item>
      <TextTabs fields={textFields} tabs={state.tabs} />
      <OrderFields />
      <SlugField name="key" />
    </ItemModal>
  );
}
