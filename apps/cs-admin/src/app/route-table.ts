/**
 * The staff console's screens as data: one entry per screen, its title key (also its menu label) and, where
 * needed, the privilege it needs. The router wraps every entry in the console layout and its guard: without the
 * privilege the screen shows "you do not have access" (403) and its loader never calls the API. Entries with a
 * `:param` in their path (detail screens) and those with `menu: false` stay out of the side menu, which groups
 * the others by their `area` (menuAreas order; entries without one come first).
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { StaffPrivilege } from '@gp/contracts/staff';

/** The side menu's groups, in menu order. */
export const menuAreas = ['tickets', 'content', 'topUp', 'staff'] as const;
export type MenuArea = (typeof menuAreas)[number];

export interface RouteEntry {
  path: string;
  titleKey: string;
  screen: () => Promise<{
    default: React.ComponentType;
    loader?: (args: LoaderFunctionArgs) => Promise<unknown>;
  }>;
  /** The privilege the screen needs (a list: any of them); none: every signed-in staff member. */
  privilege?: StaffPrivilege | readonly StaffPrivilege[];
  /** The side menu group it is listed in. */
  area?: MenuArea;
  /** false: reachable by URL (or a header link) but not listed in the side menu. */
  menu?: false;
}

export const routeTable: RouteEntry[] = [
  // The day at a glance: its figures need the ticket or the top-up privilege (each group its own).
  {
    path: '/home',
    titleKey: 'admin:consoleHome.title',
    privilege: ['tickets.read', 'catalog'],
    screen: () => import('../routes/home.tsx'),
  },
  {
    path: '/ratings',
    titleKey: 'admin:consoleHome.ratings.title',
    privilege: 'tickets.read',
    area: 'tickets',
    screen: () => import('../routes/ratings.tsx'),
  },
  {
    path: '/tickets',
    area: 'tickets',
    titleKey: 'desk:queue.title',
    privilege: 'tickets.read',
    screen: () => import('../routes/tickets.tsx'),
  },
  {
    path: '/tickets/saved-replies',
    area: 'tickets',
    titleKey: 'desk:replies.savedTitle',
    privilege: 'tickets.reply',
    screen: () => import('../routes/saved-replies.tsx'),
  },
  {
    path: '/tickets/:id',
    titleKey: 'desk:detail.title',
    privilege: 'tickets.read',
    screen: () => import('../routes/ticket-detail.tsx'),
  },
  {
    path: '/accounts',
    area: 'staff',
    titleKey: 'admin:accounts.title',
    privilege: 'staff.accounts',
    screen: () => import('../routes/accounts.tsx'),
  },
  {
    path: '/audit',
    area: 'staff',
    titleKey: 'admin:audit.title',
    privilege: 'staff.accounts',
    screen: () => import('../routes/audit.tsx'),
  },
  // Site content (content privilege): news and activities with their editors, then the home page's parts.
  {
    path: '/content/news',
    area: 'content',
    titleKey: 'cms:news.title',
    privilege: 'content',
    screen: () => import('../routes/content-news.tsx'),
  },
  {
    path: '/content/news/new',
    titleKey: 'cms:news.newTitle',
    privilege: 'content',
    menu: false,
    screen: () => import('../routes/content-article.tsx'),
  },
  {
    path: '/content/news/:id',
    titleKey: 'cms:news.editTitle',
    privilege: 'content',
    screen: () => import('../routes/content-article.tsx'),
  },
  {
    path: '/content/activities',
    area: 'content',
    titleKey: 'cms:activity.title',
    privilege: 'content',
    screen: () => import('../routes/content-activities.tsx'),
  },
  {
    path: '/content/activities/new',
    titleKey: 'cms:activity.newTitle',
    privilege: 'content',
    menu: false,
    screen: () => import('../routes/content-article.tsx'),
  },
  {
    path: '/content/activities/:id',
    titleKey: 'cms:activity.editTitle',
    privilege: 'content',
    screen: () => import('../routes/content-article.tsx'),
  },
  {
    path: '/content/banners',
    area: 'content',
    titleKey: 'cms:banner.title',
    privilege: 'content',
    screen: () => import('../routes/content-banners.tsx'),
  },
  {
    path: '/content/recommended-games',
    area: 'content',
    titleKey: 'cms:recommend.title',
    privilege: 'content',
    screen: () => import('../routes/content-recommend.tsx'),
  },
  {
    path: '/content/home-modules',
    area: 'content',
    titleKey: 'cms:module.title',
    privilege: 'content',
    screen: () => import('../routes/content-modules.tsx'),
  },
  {
    path: '/content/fan-groups',
    area: 'content',
    titleKey: 'cms:fansGroup.title',
    privilege: 'content',
    screen: () => import('../routes/content-fan-groups.tsx'),
  },
  {
    path: '/content/menu',
    area: 'content',
    titleKey: 'cms:nav.title',
    privilege: 'content',
    screen: () => import('../routes/content-nav.tsx'),
  },
  {
    path: '/faq',
    area: 'tickets',
    titleKey: 'ops:faq.title',
    privilege: 'faq',
    screen: () => import('../routes/faq.tsx'),
  },
  {
    path: '/faq/:id',
    titleKey: 'ops:faq.editorTitle',
    privilege: 'faq',
    screen: () => import('../routes/faq-edit.tsx'),
  },
  {
    path: '/games',
    area: 'tickets',
    titleKey: 'ops:games.title',
    privilege: 'games',
    screen: () => import('../routes/games.tsx'),
  },
  // Top-up operations (catalog privilege).
  {
    path: '/pay/catalog',
    area: 'topUp',
    titleKey: 'ops:pay.catalog.title',
    privilege: 'catalog',
    screen: () => import('../routes/pay-catalog.tsx'),
  },
  {
    path: '/pay/game-servers',
    area: 'topUp',
    titleKey: 'ops:gameServer.title',
    privilege: 'catalog',
    screen: () => import('../routes/pay-game-servers.tsx'),
  },
  {
    path: '/pay/orders',
    area: 'topUp',
    titleKey: 'ops:pay.order.title',
    privilege: 'catalog',
    screen: () => import('../routes/pay-orders.tsx'),
  },
  {
    path: '/pay/deliveries',
    area: 'topUp',
    titleKey: 'ops:pay.dead.title',
    privilege: 'catalog',
    screen: () => import('../routes/pay-deliveries.tsx'),
  },
  {
    path: '/pay/settlement',
    area: 'topUp',
    titleKey: 'ops:settlement.title',
    privilege: 'catalog',
    screen: () => import('../routes/pay-settlement.tsx'),
  },
  {
    path: '/privacy',
    area: 'staff',
    titleKey: 'admin:privacyRequests.title',
    privilege: 'privacy',
    screen: () => import('../routes/privacy-requests.tsx'),
  },
  {
    path: '/status',
    titleKey: 'admin:console.status',
    area: 'staff',
    screen: () => import('../routes/status.tsx'),
  },
  {
    path: '/password',
    titleKey: 'admin:password.title',
    menu: false,
    screen: () => import('../routes/password.tsx'),
  },
  {
    path: '/security',
    titleKey: 'admin:secondFactor.title',
    menu: false,
    screen: () => import('../routes/security.tsx'),
  },
];

/**
 * Where `/` sends a staff member, and the menu's order: the first of these they may use (the home for agents
 * and top-up staff), then any other screen in table order.
 */
export const screenPreference = [
  '/home',
  '/tickets',
  '/ratings',
  '/content/news',
  '/content/activities',
  '/content/banners',
  '/content/recommended-games',
  '/content/home-modules',
  '/content/fan-groups',
  '/content/menu',
  '/accounts',
  '/audit',
  '/privacy',
  '/status',
];
