import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createI18n, startLanguage } from '@gp/i18n';
import { createRouter } from './app/router.tsx';

// A link from another of our hosts carries its page language (`lang`): the console starts in it and keeps it.
const i18n = await createI18n(startLanguage({ carried: true }), ['admin', 'desk', 'cms', 'ops']);
const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={createRouter()} />
    </I18nextProvider>
  </StrictMode>,
);
