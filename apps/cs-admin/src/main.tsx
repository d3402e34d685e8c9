import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { consoleNamespaces, createI18n, startLanguage } from '@gp/i18n';
import { consoleLocales } from '@gp/i18n/console-locales';
import { createRouter } from './app/router.tsx';

// A link from another of our hosts carries its page language (`lang`): the console starts in it and keeps it.
// Every console namespace (the staff error texts among them) is loaded before the first render: no screen
// shows a key while its text arrives.
const i18n = await createI18n(startLanguage({ carried: true }), consoleNamespaces, consoleLocales);
const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={createRouter()} />
    </I18nextProvider>
  </StrictMode>,
);
