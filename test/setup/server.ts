// Runs before each server test file: checks the optional PostgreSQL switch early, with a readable message, and
// makes sure the PGlite templates exist so the first test does not pay for initdb and the migrations inside its
// timeout.
import { preparePgliteTemplates } from '../server/databases.ts';

const url = process.env.TEST_DATABASE_URL;
if (url !== undefined && url !== '' && !/^postgres(ql)?:\/\//.test(url)) {
  throw new Error(`TEST_DATABASE_URL must be a postgres:// URL (got "${url}"); unset it to test on PGlite only.`);
}

await preparePgliteTemplates();
