/**
 * Starts a player app: pick the language (the one a link from another of our hosts carried, else the stored
 * choice for this host, else the browser's), load its strings, then render the app's data router. Each app passes
 * its own namespaces and router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { createI18n, startLanguage, type Namespace } from '@gp/i18n';

export async function bootApp(options: {
  namespaces: readonly Namespace[];
  createRouter: () => ReturnType<typeof createBrowserRouter>;
  rootId?: string;
}) {
  const lang = startLanguage({ carried: true });
  // A data router starts its first navigation when it is created: the screen's chunk and its data load while
  // the strings do, instead of after them (one round trip less before the first screen on a slow network).
  // Loaders need the language only, which is set above.
  const router = options.createRouter();
  const i18n = await createI18n(lang, options.namespaces);
  const root = document.getElementById(options.rootId ?? 'root');
  if (!root) throw new Error('no #root element');
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
}
