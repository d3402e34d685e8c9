/**
 * Test rendering for the player apps: real i18next with the real en locale files of the given namespaces, and
 * a memory router with either the app's own routes or a single element.
 */
import { configure, render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import common from '@gp/i18n/locales/en/common.json';
import errors from '@gp/i18n/locales/en/errors.json';
import portal from '@gp/i18n/locales/en/portal.json';
import passport from '@gp/i18n/locales/en/passport.json';
import pay from '@gp/i18n/locales/en/pay.json';
import admin from '@gp/i18n/locales/en/admin.json';
import staticPages from '@gp/i18n/locales/en/static.json';

// Test suites run in parallel on two cores: screens whose data arrives in several steps get more than the
// default second to settle before a `findBy` gives up.
configure({ asyncUtilTimeout: 5_000 });

const resources = { en: { common, errors, portal, passport, pay, admin, static: staticPages } };

export async function renderApp(target: ReactNode | RouteObject[], initialPath = '/') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources, defaultNS: 'common', interpolation: { escapeValue: false } });
  const routes = Array.isArray(target) ? target : [{ path: '*', element: target }];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...view, router };
}
