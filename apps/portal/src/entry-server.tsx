/**
 * The portal's pages as the server renders them (built with `vite build --ssr` into dist/server and
 * loaded by the API's app host): the home page and the news list, desktop and H5. The home page's first banner
 * is the largest thing on a phone's first screen, so its picture is preloaded from the head, exactly as the
 * `<img>` of the carousel asks for it.
 */
import type { Banner } from '@gp/contracts/web';
import { createPageRenderer } from '@gp/ui/render-page';
import { createPortalRoutes } from './app/router.tsx';
import type { Settled } from './utils/settle.ts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const { render } = createPageRenderer({
  namespaces: ['portal'],
  createRoutes: (device) => createPortalRoutes(device),
  pages: ['home', 'homeH5', 'news', 'newsH5'],
  head: ({ routeId, loaderData, h5 }) => {
    if (routeId !== 'home' && routeId !== 'homeH5') return '';
    const banners = (loaderData[routeId] as { banners?: Settled<Banner[]> } | undefined)?.banners;
    const first = banners?.ok ? banners.value[0] : undefined;
    if (!first) return '';
    const image = h5 ? first.image_h5 : first.image;
    return `<link rel="preload" as="image" href="${escapeAttribute(image.url)}" fetchpriority="high">`;
  },
});
