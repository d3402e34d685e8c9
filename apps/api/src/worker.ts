/**
 * The background process (`pnpm --filter @gp/api worker`, `node dist/worker.js`): runs every background job of
 * the API (src/composition/background-jobs.ts: pay delivery and order expiry, desk exports, outbox dispatch, ticket
 * housekeeping) while the API replicas run with RUN_JOBS=false. It builds the same app as the API, from the same
 * environment, without listening: the jobs get exactly the adapters, transports and settings the API would give
 * them, and the job list exists once.
 *
 * Any number of workers and of API processes with RUN_JOBS may run together: queued work is claimed with leases
 * and the sweeps take an advisory lock, so nothing is done twice. Needs PostgreSQL (DATABASE_URL): the embedded
 * PGlite database belongs to one process, the API, which then runs the jobs itself. Does not migrate (the API
 * does, at its start). On SIGTERM / SIGINT every job finishes its round in flight, then the database closes.
 */
import { startWorker } from './composition/start-worker.ts';

await startWorker();
