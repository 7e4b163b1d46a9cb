// A journey's own server starts on a new, empty database. Creating one (PostgreSQL's initdb inside PGlite's
// WebAssembly) is most of a new server's start-up, about 3.5 s of CPU: twice the rest of the start, and what a
// machine busy with other work stretched past a journey's whole time. The run's server is started on an empty
// database its own initdb program made (playwright.config.ts), and a copy of that database is kept: each own
// server gets one in its data directory, and starts on it as on any database it finds there (migrating it as it
// would the one it had just made).
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGLITE_DIR } from '../../../src/server/db/connection.ts';

/** Copies the run's empty database into a new server's data directory, when the run kept one. */
export function emptyDatabaseInto(dataDir: string): void {
  const made = process.env.E2E_EMPTY_DATABASE;
  if (made && existsSync(join(made, 'PG_VERSION'))) cpSync(made, join(dataDir, PGLITE_DIR), { recursive: true });
}
