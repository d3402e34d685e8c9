import { createBrowserRouter } from 'react-router';
import { createShellRoutes, type ScreenModule, type ShellOptions } from '@gp/ui/shell';
import { hosts } from '../config/env.ts';
import { api } from '../lib/api-client.ts';

// One lazy chunk per screen: a phone opening /h5 downloads the home screen only, never the lists or details.
const home = () => import('../routes/home.tsx');
const staticPage = () => import('../routes/static-page.tsx');
const articleList = () => import('../routes/article-list.tsx');
const articleDetail = () => import('../routes/article-detail.tsx');
const gameList = () => import('../routes/game-list.tsx');
const fanGroups = () => import('../routes/fan-groups.tsx');
const serviceHome = () => import('../routes/service-home.tsx');
const serviceQuestion = () => import('../routes/service-question.tsx');
const serviceHistory = () => import('../routes/service-history.tsx');
const serviceOrderDetail = () => import('../routes/service-order-detail.tsx');
const serviceRequestion = () => import('../routes/service-requestion.tsx');
const serviceInfo = () => import('../routes/service-info.tsx');

/** Both forms of each page: the screens adapt to the form themselves (`useIsH5`). */
type Screen = () => Promise<ScreenModule>;
const pair = (ids: readonly string[], screen: Screen): [string, Screen][] =>
  ids.flatMap((id): [string, Screen][] => [
    [id, screen],
    [`${id}H5`, screen],
  ]);

/** Screens of the main host by site-map route id. */
export const screens: ShellOptions['screens'] = {
  ...Object.fromEntries([
    ...pair(['home'], home),
    ...pair(['about', 'terms', 'privacy', 'siteinfo', 'tokusyouhou'], staticPage),
    ...pair(['news', 'active'], articleList),
    ...pair(['newsDetail', 'newsPreDetail', 'activeDetail', 'activePreDetail'], articleDetail),
    ...pair(['service'], serviceHome),
    ...pair(['serviceQuestion'], serviceQuestion),
    ...pair(['serviceHistory'], serviceHistory),
    ...pair(['serviceOrderDetail'], serviceOrderDetail),
    ...pair(['serviceRequestion'], serviceRequestion),
    ...pair(['serviceInfo'], serviceInfo),
  ]),
  gamelistH5: gameList,
  fansH5: fanGroups,
};

/** The portal's routes; tests pass a device to see the H5 forms. */
export function createPortalRoutes(device?: ShellOptions['device']) {
  return createShellRoutes({ host: 'portal', hosts, api, screens, ...(device ? { device } : {}) });
}

export const routes = createPortalRoutes();

export function createRouter() {
  return createBrowserRouter(routes);
}
