/**
 * The operator's commands (`node dist/admin.js <command>`, production entry beside server.ts and worker.ts):
 * composition/run-admin.ts.
 */
import { openEnvDatabase, runAdmin } from './composition/run-admin.ts';

process.exitCode = await runAdmin(process.argv.slice(2), {
  open: openEnvDatabase,
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
});
