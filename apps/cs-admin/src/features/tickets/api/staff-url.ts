import { csmngBase } from '../../../lib/api-client.ts';

/** Where an attachment or an export is downloaded: the staff group's base plus the path the server gave. */
export const staffUrl = (path: string) => `${csmngBase}${path}`;
