import { Flex, Spin } from 'antd';
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { Forbidden } from './forbidden.tsx';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { Root } from './root.tsx';
import styles from './layout.module.css';
import { routeTable, type RouteEntry } from './route-table.ts';
import { allowedOn, menuEntries } from './screens.ts';
import {
  ensureSession,
  loginUrl,
  passwordPath,
  requiredPath,
  sessionLoader,
  useSessionStore,
} from '../lib/staff-session.ts';

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Every console screen needs a session; a one-time password opens only the password change. */
async function consoleLoader({ request }: LoaderFunctionArgs) {
  const session = await ensureSession();
  if (!session) return redirect(loginUrl(pathOf(request)));
  const required = requiredPath(session);
  if (required && new URL(request.url).pathname !== required) return redirect(required);
  return null;
}

async function homeLoader() {
  const session = await ensureSession();
  if (!session) return null; // the console loader sends the visitor to the login
  const required = requiredPath(session);
  if (required) return redirect(required);
  return redirect(menuEntries(session)[0]?.path ?? passwordPath);
}

/** A screen behind its privilege: its loader runs (and calls the API) only for those allowed. */
function guardedRoute(entry: RouteEntry): RouteObject {
  return {
    path: entry.path.replace(/^\//, ''),
    handle: { titleKey: entry.titleKey },
    errorElement: <RouteError />,
    lazy: async () => {
      const { default: Screen, loader } = await entry.screen();
      function Guarded() {
        const session = useSessionStore((s) => s.session);
        return allowedOn(entry, session) ? <Screen /> : <Forbidden />;
      }
      return {
        Component: Guarded,
        ...(loader
          ? {
              loader: async (args: LoaderFunctionArgs) =>
                allowedOn(entry, await ensureSession())
                  ? sessionLoader(args.request, () => loader(args))
                  : null,
            }
          : {}),
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // While login_check and the first screen load.
    HydrateFallback: () => (
      <Flex justify="center" className={styles.waiting}>
        <Spin />
      </Flex>
    ),
    children: [
      {
        path: '/login',
        handle: { titleKey: 'admin:login.title' },
        lazy: async () => {
          const { default: Component, loader } = await import('../routes/login.tsx');
          return { Component, loader };
        },
      },
      {
        path: '/',
        element: <Layout />,
        loader: consoleLoader,
        // Revalidating on every navigation keeps the one-time-password rule even for links inside the console.
        shouldRevalidate: () => true,
        children: [
          { index: true, loader: homeLoader, Component: () => null },
          ...routeTable.map(guardedRoute),
          { path: '*', loader: () => redirect('/') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
