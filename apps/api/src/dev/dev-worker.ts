/**
 * The development entry point of the worker process (`pnpm --filter @gp/api worker`): the production worker
 * (composition/start-worker.ts) with the development stand-ins, so the sandbox's late notifications and the
 * built-in game server work in it as in the API process.
 */
import { startWorker } from '../composition/start-worker.ts';
import { developmentParts } from './development-parts.ts';

await startWorker(developmentParts);
