// A real server in a process of its own, for the hostile-input suites: the app on a fresh test database
// (HOSTILE_DB: pglite or postgres), listening on a free loopback port, with the loop meter running inside it.
// The parent talks to it over the IPC channel: 'reset' and 'max' read the meter, 'routes' lists the routes the
// app registered with their CPU figures, 'seed' writes a bench's data into the database, 'close' stops everything.
// Run only by childServer.ts (node --import tsx); the configuration arrives in its environment.
import type { RouteOptions } from 'fastify';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { testDatabases } from '../databases.ts';
import { startLoopBlockMeter } from './loopBlockMeter.ts';

type Message = { type: 'reset' | 'max' | 'routes' | 'close' } | { type: 'seed'; module: string; args: unknown };

// The built server runs without source maps; under tsx, every error's stack is mapped back to the sources, and
// the first stack through a file parses that file's whole source map on the loop (up to 30 ms for the database
// driver's bundle), a cost production never pays and these suites would otherwise charge to a request.
process.setSourceMapsEnabled(false);

async function main(): Promise<void> {
  const target = testDatabases.find((database) => database.name === process.env.HOSTILE_DB);
  if (!target || !process.send) throw new Error(`serverProcess: unknown database ${process.env.HOSTILE_DB} or no IPC channel`);
  const database = await target.open();
  await migrate(database.db);
  const routes: RouteOptions[] = [];
  const app = await buildApp({ config: loadConfig(process.env), db: database, onRoute: (route) => routes.push(route) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const meter = startLoopBlockMeter();
  const reply = (message: object): void => { process.send?.(message); };
  process.on('message', (message: Message) => {
    if (message.type === 'reset') {
      // The garbage earlier requests left is collected now, so a pause for it is not put on the next request.
      (globalThis as { gc?: () => void }).gc?.();
      meter.reset();
      reply({ type: 'reset' });
    } else if (message.type === 'max') {
      reply({ type: 'max', value: meter.maxBlockedMs() });
    } else if (message.type === 'routes') {
      reply({ type: 'routes', value: routes.map((route) => ({ method: route.method, url: route.url, cpu: route.config?.budget?.cpu })) });
    } else if (message.type === 'seed') {
      // A bench's data written straight into this server's database (a module whose default export takes the
      // database and the message's arguments), for shapes the routes' daily budgets take days to reach.
      void import(message.module)
        .then(async (seeder: { default: (db: typeof database.db, args: unknown) => Promise<unknown> }) => seeder.default(database.db, message.args))
        .then((value) => reply({ type: 'seed', value }), (error: unknown) => reply({ type: 'seed', error: String(error) }));
    } else if (message.type === 'close') {
      meter.stop();
      void app.close().then(() => database.close()).finally(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
  reply({ type: 'ready', base: `http://127.0.0.1:${port}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
