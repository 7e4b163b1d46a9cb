// `npm run bench`: builds (the npm script), then runs every bench module in turn, or only those named with
// --only, prints one table of figures and budgets, and writes it to dist/bench/results.md and, with the commit
// and the machine, to test/bench/RESULTS.md (results.ts). `npx tsx test/bench/run.ts --help` lists the benches.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type ServerProcess, startBuiltServer, stopBuiltServer } from '../server/serverProcess.ts';
import {
  type BenchSection, browserFacts, commitFacts, keepingFailoverSection, machineFacts, RESULTS_FILE, resultsDocument,
} from './results.ts';
import { type BenchRow, formatRows } from './types.ts';

type Outcome = BenchRow[] | { rows: BenchRow[]; markdown: string };

interface Bench {
  name: string;
  about: string;
  /** Needs `npm run build` first (it serves the built app, or reads it). */
  needsBuild?: true;
  /** Measured against one production server that the run starts for them (the others start their own). */
  sharedServer?: true;
  run: (serverUrl: string) => Promise<Outcome> | Outcome;
}

const bench = (name: string, about: string, run: Bench['run'], flags: Partial<Bench> = {}): Bench => ({ name, about, run, ...flags });
const built = { needsBuild: true } as const;
const onSharedServer = { needsBuild: true, sharedServer: true } as const;

// In this order: the benches that time the server's event loop (hostile, myData, routeCpu) run before the load bench,
// whose wake (PostgreSQL checkpoints, the OS writing back what the killed servers wrote) shares the cores a while.
const BENCHES: Bench[] = [
  bench('landing', "'/': JavaScript before interaction, Lighthouse mobile",
    async (url) => (await import('./landing.ts')).benchLanding(url), onSharedServer),
  bench('questionnaire', 'a keystroke to IndexedDB, a cold reload of /form',
    async (url) => (await import('./questionnaire.ts')).benchQuestionnaire(url), onSharedServer),
  bench('routes', 'Lighthouse mobile on every app route, in the state a student meets it',
    async () => (await import('./routes.ts')).benchRoutes(), built),
  bench('versionHistory', '/result with 50 versions on a slowed phone',
    async () => (await import('./versionHistory.ts')).benchVersionHistory(), built),
  bench('remoteWrites', 'remote writes during 60 s of typing (simulated)',
    async () => (await import('./remoteWrites.ts')).benchRemoteWrites()),
  bench('whoami', 'GET /api/whoami against an empty route', async () => (await import('./whoami.ts')).benchWhoami()),
  bench('composer', "the offline composer's time per essay", async () => (await import('./composer.ts')).benchComposer()),
  bench('coach', "the coach's time per review of a draft", async () => (await import('./coach.ts')).benchCoach()),
  bench('promptClassifier', "the college planner's time to type a 40-college plan's prompts",
    async () => (await import('./promptClassifier.ts')).benchPromptClassifier()),
  bench('coachSpeed', "the coach's review of 650 words in Chromium and over HTTP",
    async () => (await import('./coachSpeed.ts')).benchCoachSpeed(), built),
  bench('essayQuality', "the essay quality harness, the coach on the composer's drafts",
    async () => (await import('./essayQuality.ts')).benchEssayQuality()),
  bench('essayStream', 'essay streaming: latency, and memory for 500 streams',
    async () => (await import('./essayStream.ts')).benchEssayStream(), built),
  bench('durability', 'what a durable PGlite save costs', async () => (await import('./durability.ts')).benchDurability()),
  bench('services', 'a paused Redis, a blocked PostgreSQL statement',
    async () => (await import('./services.ts')).benchServices()),
  bench('hostile', 'adversarial bodies: event loop held, health p99', async () => (await import('./hostile.ts')).benchHostile()),
  bench('myData', '"Download my data" and "Delete my data" of the largest browser',
    async () => (await import('./myData.ts')).benchMyData()),
  bench('routeCpu', 'each route\'s loop CPU time at its largest input, against its declared figure',
    async () => (await import('./routeCpu.ts')).benchRouteCpu(), built),
  bench('cpuLoad', 'another visitor\'s static file while one address reads, exports or floods the coach',
    async () => (await import('./cpuLoad.ts')).benchCpuLoad()),
  bench('load', '1,000 students, 50 at a time, kill -9 included', runLoad, built),
  bench('admin', 'operator dashboard calls with 1 million events', async () => (await import('./admin.ts')).benchAdmin()),
];

async function runLoad(): Promise<Outcome> {
  const { benchLoad } = await import('./load.ts');
  const load = await benchLoad({ students: 1000, concurrency: 50 });
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync('dist/bench/load.md', `${load.markdown}\n`);
  return load;
}

const USAGE = [
  'usage: npx tsx test/bench/run.ts [--only name,name…]   (npm run bench builds first, then runs them all)',
  '',
  ...BENCHES.map((entry) => `  ${entry.name.padEnd(16)}${entry.about}${entry.needsBuild ? ' (needs npm run build)' : ''}`),
].join('\n');

function selectedBenches(): Bench[] {
  const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (values.only === undefined) return BENCHES;
  const names = values.only.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !BENCHES.some((entry) => entry.name === name));
  if (unknown.length > 0 || names.length === 0) {
    console.error(`Unknown bench: ${unknown.join(', ') || '(none named)'}\n\n${USAGE}`);
    process.exit(2);
  }
  return BENCHES.filter((entry) => names.includes(entry.name));
}

/** One bench's section; a bench that throws fails its own row, so the others' figures are still written. */
async function runOne(entry: Bench, serverUrl: string): Promise<BenchSection> {
  try {
    const outcome = await entry.run(serverUrl);
    return Array.isArray(outcome) ? { name: entry.name, rows: outcome } : { name: entry.name, ...outcome };
  } catch (error) {
    console.error(error);
    const reason = error instanceof Error ? error.message : String(error);
    return { name: entry.name, rows: [{ name: `${entry.name}: did not finish (${reason})`, value: 0, unit: '', budget: 'finishes', pass: false }] };
  }
}

async function runBenches(benches: Bench[]): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  const lastOnServer = benches.map((entry) => entry.sharedServer === true).lastIndexOf(true);
  let server: ServerProcess | undefined;
  try {
    for (const [index, entry] of benches.entries()) {
      console.log(`\n==> ${entry.name}: ${entry.about}`);
      if (entry.sharedServer && server === undefined) server = await startBuiltServer();
      const section = await runOne(entry, server?.url('') ?? '');
      if (section.markdown !== undefined) console.log(`\n${section.markdown}`);
      sections.push(section);
      if (index === lastOnServer && server !== undefined) {
        await stopBuiltServer(server);
        server = undefined;
      }
    }
  } finally {
    if (server !== undefined) await stopBuiltServer(server);
  }
  return sections;
}

const MEASURING_VARIABLES = ['BENCH_ROUTES', 'BENCH_CPU_PROFILE'];

async function main(): Promise<void> {
  const benches = selectedBenches();
  const run = {
    commit: commitFacts(), startedAt: new Date(), machine: machineFacts(), browser: browserFacts(),
    // With the variables that change what a run measures: a record of some routes must not read as of all of them.
    command: [...MEASURING_VARIABLES.filter((name) => process.env[name]).map((name) => `${name}=${JSON.stringify(process.env[name])}`),
      'npx tsx test/bench/run.ts', ...process.argv.slice(2)].join(' '),
  };
  const sections = await runBenches(benches);
  const rows = sections.flatMap((section) => section.rows);
  const table = formatRows(rows);
  console.log(`\n${table}\n`);
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync('dist/bench/results.md', `${table}\n`);
  const notRun = BENCHES.filter((entry) => !benches.includes(entry)).map((entry) => entry.name);
  writeFileSync(RESULTS_FILE, keepingFailoverSection(resultsDocument(run, sections, notRun)));
  console.log(`Written to dist/bench/results.md and ${RESULTS_FILE}.`);
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}

await main();
