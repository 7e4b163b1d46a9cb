// `npm run bench`: builds, starts the production server on a free port with a fresh data directory,
// runs every benchmark module and prints one table (also written to dist/bench/results.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { startBuiltServer, stopBuiltServer } from '../server/serverProcess.ts';
import { type BenchRow, formatRows } from './types.ts';

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  const server = await startBuiltServer();
  const url = server.url('');
  try {
    const { benchLanding } = await import('./landing.ts');
    rows.push(...(await benchLanding(url)));
    // The questionnaire: a keystroke's local write, a cold reload (headless Chromium), the remote writes.
    const { benchQuestionnaire } = await import('./questionnaire.ts');
    rows.push(...(await benchQuestionnaire(url)));
    // The coach: its review over HTTP on the production server (the offline rules, a 650-word draft).
    const { benchCoachHttp } = await import('./coachSpeed.ts');
    rows.push(...(await benchCoachHttp(server)));
  } finally {
    await stopBuiltServer(server);
  }
  // Every app route on a phone, each in the state a student meets it (its own server and Chromium profiles).
  const { benchRoutes } = await import('./routes.ts');
  rows.push(...(await benchRoutes()));
  // The coach's analysis: CPU time per review in Node, and time per review in Chromium (bundled as the app is).
  const { benchCoach } = await import('./coach.ts');
  rows.push(...benchCoach());
  const { benchCoachBrowser } = await import('./coachSpeed.ts');
  rows.push(...(await benchCoachBrowser()));
  const { benchVersionHistory } = await import('./versionHistory.ts');
  rows.push(...(await benchVersionHistory()));
  const { benchRemoteWrites } = await import('./remoteWrites.ts');
  rows.push(...benchRemoteWrites());
  const { benchWhoami } = await import('./whoami.ts');
  rows.push(...(await benchWhoami()));
  // Essay flow: the offline composer's time per essay, and streaming latency and memory (own server process).
  const { benchComposer } = await import('./composer.ts');
  rows.push(...(await benchComposer()));
  // Essay quality: the harness profiles through the composer and recorded model answers through the adapter.
  const { benchEssayQuality } = await import('./essayQuality.ts');
  rows.push(...(await benchEssayQuality()));
  const { benchEssayStream } = await import('./essayStream.ts');
  rows.push(...(await benchEssayStream()));
  const { benchDurability } = await import('./durability.ts');
  rows.push(...(await benchDurability()));
  // A stalled Redis and a blocked PostgreSQL statement: what each costs a request (with TEST_REDIS_URL and
  // TEST_DATABASE_URL, or BENCH_REDIS_URL and BENCH_DATABASE_URL; skipped with a message without them).
  const { benchServices } = await import('./services.ts');
  rows.push(...(await benchServices()));
  // Hostile input: the slowest adversarial request, and the health check while twenty are in flight. These time
  // the server's event loop, so they run before the load bench, whose wake (PostgreSQL checkpoints, the OS
  // writing back what the killed servers wrote) shares the two cores for a while after it ends.
  const { benchHostile } = await import('./hostile.ts');
  rows.push(...(await benchHostile()));
  // "Download my data" and "Delete my data" at the largest browser the budgets allow (loop-timed too).
  const { benchMyData } = await import('./myData.ts');
  rows.push(...(await benchMyData()));
  // Load: 1,000 students, 50 at a time, on PGlite and (with TEST_DATABASE_URL and TEST_REDIS_URL) on PostgreSQL
  // and Redis, kill -9 mid-load included; its per-route tables go to dist/bench/load.md.
  const { benchLoad } = await import('./load.ts');
  const load = await benchLoad({ students: 1000, concurrency: 50 });
  rows.push(...load.rows);
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync('dist/bench/load.md', `${load.markdown}\n`);
  const { benchAdmin } = await import('./admin.ts');
  rows.push(...(await benchAdmin()));

  const table = formatRows(rows);
  console.log(`\n${table}\n`);
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync('dist/bench/results.md', `${table}\n`);
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}

await main();
