// Starts the server: reads the configuration, opens and migrates the database, builds the app and listens.
// SIGTERM/SIGINT drain the instance (readiness turns 503, new API calls are refused, requests in flight such as
// saves and essay streams finish up to SHUTDOWN_DEADLINE), then close the server and the database (shutdown.ts).
// With WEB_CONCURRENCY=N above 1 this process only supervises N workers that each do all of the above.
// Runs as `tsx src/server/main.ts` and as `node dist/node/server/main.js`, from the repository root.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, type Config, loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateDatabase } from './db/migrate.ts';
import { listen } from './listen.ts';
import { ignoreSigintInWorker, isClusterPrimary, superviseWorkers } from './lifecycle/cluster.ts';
import { createLifecycle } from './lifecycle/drain.ts';
import { shutDown, shutdownLimitMs } from './lifecycle/shutdown.ts';
import { warmUp } from './lifecycle/warmUp.ts';

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
  if (isClusterPrimary(config.webConcurrency)) {
    superviseWorkers(config.webConcurrency, (line) => console.log(`[primary ${process.pid}] ${line}`));
    return;
  }
  const skipSignals = ignoreSigintInWorker();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(config, database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const lifecycle = createLifecycle();
  const app = await buildApp({ config, db: database, lifecycle });

  const stopping = { app, database, lifecycle, deadlineMs: config.shutdownDeadlineMs };
  closeWithGrace({ delay: shutdownLimitMs(config.shutdownDeadlineMs), skip: skipSignals }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info(`${String(signal)} received: draining (${lifecycle.inFlight} requests in flight), then closing`);
    await shutDown(stopping, { drain: !err });
  });

  // Before listening, so the first students meet a warm process (and /api/ready answers only then).
  await app.ready();
  const warming = performance.now();
  await warmUp(app, database);
  app.log.info(`warmed up in ${Math.round(performance.now() - warming)} ms`);
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
