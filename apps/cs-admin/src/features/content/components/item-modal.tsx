/**
 * The dialog that adds or edits one banner, recommended game, home module or fan group: the form's fields, a
 * check before sending, the server's refusals at their fields (translated) and nothing lost on any error.
 * Closing a changed form asks first.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { showSaveError, type FieldName } from '../model/field-errors.ts';
import { useTextTabs, type TextTabsState } from './text-tabs.tsx';
import layout from '../../../lib/layout.module.css';

/** What a kind's dialog needs besides its fields: its titles, values, save and the fields refusals may name. */
export interface ItemFormKind<V, D> {
  /** The prefix of the `editTitle` (with the item's `name`) and `newTitle` texts. */
  titles: 'banner' | 'recommend' | 'module' | 'fansGroup';
  /** The item's name in the edit title. */
  nameOf: (item: D) => string;
  valuesOf: (item: D | null) => V;
  save: (values: V, item: D | null) => Promise<D>;
  /** Whether the form has a field for a refusal's field name. */
  shows: (name: FieldName) => boolean;
}

/** The form and its language tabs, made by the kind's form so that its fields can use them too. */
export function useItemForm<V extends object>() {
  const [form] = Form.useForm<V>();
  const tabs = useTextTabs(form);
  return { form, tabs };
}

/** A kind's form component: the parent closes it, and lists again after a save. */
export interface ItemFormProps<D> {
  /** The item edited; null adds one. */
  item: D | null;
  onClose: () => void;
  onSaved: () => void;
}

export function ItemModal<V extends object, D>({
  kind,
  item,
  state: { form, tabs },
  onClose,
  onSaved,
  children,
}: {
  kind: ItemFormKind<V, D>;
  /** The item edited; null adds one. */
  item: D | null;
  state: { form: FormInstance<V>; tabs: TextTabsState };
  onClose: () => void;
  onSaved: (saved: D) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('cms');
  const { modal } = App.useApp();
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  // Runs once the form's own checks pass (every field, also those of language tabs never opened).
  const send = async () => {
    setAlert(null);
    setSaving(true);
    try {
      const saved = await kind.save(form.getFieldsValue(true) as V, item);
      setSaving(false);
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      const shown = showSaveError(t, form, error, kind.shows);
      tabs.showProblems(shown.fields);
      setAlert(shown.alert ?? t('form.checkFields'));
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    void modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardConfirm'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.stay'),
      onOk: onClose,
    });
  };

  return (
    <Modal
      open
      title={item ? t(`${kind.titles}.editTitle`, { name: kind.nameOf(item) }) : t(`${kind.titles}.newTitle`)}
      okText={item ? t('form.save') : t('form.create')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={saving}
      width={800}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={kind.valuesOf(item)}
        onValuesChange={() => setDirty(true)}
        onFieldsChange={() => tabs.refresh()}
        onFinish={() => void send()}
        onFinishFailed={({ errorFields }) => {
          tabs.showProblems(errorFields.map((f) => f.name));
          setAlert(t('form.checkFields'));
        }}
      >
        {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
        {children}
      </Form>
    </Modal>
  );
}
