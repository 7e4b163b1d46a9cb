// Runs before each server test file. The server files share their workers' module cache (isolate: false, see
// test/vitest.config.ts): what one file leaves in the process is put back here after it, so the next file starts
// as if alone (the environment variables, which some libraries read). The databases a test hands back stay with the
// worker, emptied before the next test gets one (server/databases.ts). Also checks
// the optional PostgreSQL switch early, with a readable message, and makes sure the PGlite templates exist so the
// first test does not pay for initdb and the migrations inside its timeout.
import { afterAll } from 'vitest';
import { preparePgliteTemplates } from '../server/databases.ts';

const url = process.env.TEST_DATABASE_URL;
if (url !== undefined && url !== '' && !/^postgres(ql)?:\/\//.test(url)) {
  throw new Error(`TEST_DATABASE_URL must be a postgres:// URL (got "${url}"); unset it to test on PGlite only.`);
}

await preparePgliteTemplates();

const environmentAtStart = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
});
