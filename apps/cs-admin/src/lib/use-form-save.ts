import { useState } from 'react';
import type { FormInstance } from 'antd';

/**
 * The save of a dialog's form: `save(work, refused)` checks the fields first (the form shows what is wrong and
 * nothing is sent), then runs `work` with the values while `sending`; a refusal goes to `refused`, which puts it
 * at its fields or returns the text shown above them (`alert`). The dialog keeps what was typed; on success the
 * caller closes it.
 */
export function useFormSave<V>(form: FormInstance<V>) {
  const [sending, setSending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);

  const save = async (work: (values: V) => Promise<void>, refused: (error: unknown) => string | null) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    setSending(true);
    setAlert(null);
    try {
      await work(values);
    } catch (error) {
      setAlert(refused(error));
    } finally {
      setSending(false);
    }
  };

  return { sending, alert, save };
}
