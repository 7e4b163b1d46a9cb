// Once per run of the server suites, in Vitest's main process: names the run, so the PostgreSQL schemas its
// workers make (and keep for reuse across their files) can be told from another run's on the same server, and
// drops them when the run ends; and compiles the server the process suites start, once, before any worker
// needs it.
import { randomBytes } from 'node:crypto';
import { compiledServerDir } from '../server/compiledServer.ts';
import { dropRunSchemas } from '../server/databases.ts';

export default function nameTheRun(): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  // Read by the workers, which inherit this process's environment.
  process.env.TEST_RUN_ID = run;
  compiledServerDir();
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (url) await dropRunSchemas(url, run);
  };
}
