/**
 * The dialog that adds or edits one banner, recommended game, home module or fan group: the form's fields, a
 * check before sending, the server's refusals at their fields (translated) and nothing lost on any error.
 * Closing a changed form asks first.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { showSaveError, type FieldName } from '../api/field-errors.ts';
import type { TextTabsState } from './text-tabs.tsx';

export function ItemModal<V extends object, D>({
  title,
  okText,
  form,
  tabs,
  initialValues,
  shows,
  save,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  okText: string;
  form: FormInstance<V>;
  tabs: TextTabsState;
  initialValues: V;
  /** Whether the form has a field for a refusal's field name. */
  shows: (name: FieldName) => boolean;
  save: (values: V) => Promise<D>;
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
      const saved = await save(form.getFieldsValue(true) as V);
      setSaving(false);
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      const shown = showSaveError(t, form, error, shows);
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
      title={title}
      okText={okText}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={saving}
      width={800}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        onFieldsChange={() => tabs.refresh()}
        onFinish={() => void send()}
        onFinishFailed={({ errorFields }) => {
          tabs.showProblems(errorFields.map((f) => f.name));
          setAlert(t('form.checkFields'));
        }}
      >
        {alert && <Alert type="error" showIcon title={alert} style={{ marginBottom: 16 }} />}
        {children}
      </Form>
    </Modal>
  );
}
