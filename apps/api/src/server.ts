/**
 * The production entry point (`node dist/server.js`): the API process without any development stand-in (the
 * development entry is dev/dev-server.ts). What the process does is composition/start-api.ts.
 */
import { startApi } from './composition/start-api.ts';

await startApi();
