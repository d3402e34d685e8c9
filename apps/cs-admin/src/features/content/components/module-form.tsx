import { useTranslation } from 'react-i18next';
import { Col, Form, Radio, Row } from 'antd';
import { moduleText, type ModuleAdminData } from '@gp/contracts/content-admin';
import { homeModuleType } from '@gp/contracts/web';
import { moduleCalls } from '../api/content-calls.ts';
import { moduleSaveOf, moduleTextFields, moduleValuesOf, type ModuleValues } from '../model/item-values.ts';
import { fieldsShown, OnlineField, SlugField, SortField } from './common-fields.tsx';
import { ItemModal } from './item-modal.tsx';
import { TextTabs, useTextTabs, type TextFieldSpec } from './text-tabs.tsx';

const textFields: TextFieldSpec[] = [
  { name: 'title', labelKey: 'module.heading', schema: moduleText.shape.title, max: 100, required: true },
];

const shows = fieldsShown(['key', 'type', 'sort', 'is_online'], moduleTextFields);

/** Adds or edits a section of the home page: what it shows, its heading per language, order, on/off. */
export function ModuleForm({
  item,
  onClose,
  onSaved,
}: {
  item: ModuleAdminData | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('cms');
  const [form] = Form.useForm<ModuleValues>();
  const tabs = useTextTabs(form);
  return (
    <ItemModal<ModuleValues, ModuleAdminData>
      title={item ? t('module.editTitle', { name: item.texts.en?.title ?? item.key }) : t('module.newTitle')}
      okText={item ? t('form.save') : t('form.create')}
      form={form}
      tabs={tabs}
      initialValues={moduleValuesOf(item)}
      shows={shows}
      save={(values) => moduleCalls.save(moduleSaveOf(values, item?.id))}
      onClose={onClose}
      onSaved={onSaved}
    >
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
      <TextTabs fields={textFields} tabs={tabs} />
      <Row gutter={16}>
        <Col>
          <SortField />
        </Col>
        <Col>
          <OnlineField />
        </Col>
      </Row>
      <SlugField name="key" />
    </ItemModal>
  );
}
