import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Button } from 'antd';
import { afterEach, expect, it } from 'vitest';
import { Root } from './root.tsx';

afterEach(cleanup);

/** A save that answers at once: loading on, then off in the next task. */
function QuickSave() {
  const [saving, setSaving] = useState(false);
  const save = () => {
    setSaving(true);
    setTimeout(() => setSaving(false), 0);
  };
  return (
    <Button type="primary" loading={saving} onClick={save}>
      Save
    </Button>
  );
}

it('a busy button shows its spinner without the grow/shrink motion, and is back to its name at once', async () => {
  const router = createMemoryRouter([
    { path: '/', element: <Root />, children: [{ index: true, element: <QuickSave /> }] },
  ]);
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: {} } });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
  const busy = screen.getByRole('button', { name: 'loading Save' });
  expect(busy.querySelector('[class*="loading-icon-motion"]')).toBeNull();
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(screen.getByRole('button', { name: 'Save' }).querySelector('.anticon-loading')).toBeNull();
});
