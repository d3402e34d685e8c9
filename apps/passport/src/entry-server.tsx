/**
 * The passport pages the server renders (built with `vite build --ssr` into dist/server and loaded by the
 * API's app host): the login page, desktop and H5, with their headings and form shell in the reader's language.
 */
import { createPageRenderer } from '@gp/ui/render-page';
import { createPassportRoutes } from './app/router.tsx';

export const { render } = createPageRenderer({
  namespaces: ['passport'],
  createRoutes: (device) => createPassportRoutes(device),
  pages: ['login', 'loginH5'],
});
