// Starts the server: reads the configuration, opens and migrates the database, builds the app and listens.
// SIGTERM/SIGINT stop accepting connections, let requests in flight finish, then close the database.
// Runs as `tsx src/server/main.ts` and as `node dist/node/server/main.js`, from the repository root.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrate } from './db/migrate.ts';
import { listen } from './listen.ts';

/** How long in-flight requests get to finish after a signal before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function start(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, db: database });

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info(`${String(signal)} received: finishing requests in flight, then closing`);
    await app.close();
  });

  await listen(app, config);
  app.log.info(`Essay Studio is serving ${config.publicUrl} (${database.kind} database)`);
  if (config.ownOrigins.length > 1) {
    app.log.info(`PUBLIC_URL is not set: the app is for this computer only, at ${config.ownOrigins.join(', ')}`);
  }
}

start().catch((error: unknown) => {
  console.error('Essay Studio could not start:', error);
  process.exit(1);
});
