/**
 * The local origins `pnpm start` serves (DESIGN section 3). The built apps have the API URL compiled in, so the
 * tests use these defaults rather than configurable ports.
 */
export const PORTAL = 'http://localhost:8080';
export const PASSPORT = 'http://localhost:8081';
export const PAY = 'http://localhost:8082';
export const CS_ADMIN = 'http://localhost:8083';
export const API = 'http://localhost:8090';

/** The four app origins, in the order the server opens them. */
export const APP_ORIGINS = [PORTAL, PASSPORT, PAY, CS_ADMIN] as const;

/** The player hosts of the site map (`SiteRoute['host']`) and their origins. */
export const PLAYER_ORIGINS = { portal: PORTAL, passport: PASSPORT, pay: PAY } as const;
