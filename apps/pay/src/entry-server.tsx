/**
 * The pay pages the server renders (built with `vite build --ssr` into dist/server and loaded by the
 * API's app host): the top-up start, desktop and H5, with their headings and form shell in the reader's language.
 */
import { createPageRenderer } from '@gp/ui/render-page';
import { createPayRoutes } from './app/router.tsx';

export const { render } = createPageRenderer({
  namespaces: ['pay'],
  createRoutes: (device) => createPayRoutes(device),
  pages: ['paygame', 'paygameH5', 'paysH5'],
});
