// Property-based: bodies (and queries) built from each route's contract schema, with hostile values inside
// valid shapes (NUL, lone surrogates, emoji, right-to-left text, texts at their limits, full records,
// `__proto__` keys), plus hand-built bodies at the largest size and nesting, prose in every field included, sent
// over real HTTP to a real app on each test database. No answer may be a 5xx, and no request may hold the
// server's event loop for more than 50 ms, measured inside the process that runs the server (the client
// serialises every body first).
// The seed and the number of runs are printed; HOSTILE_SEED and HOSTILE_RUNS replay or widen a run.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fullDocument } from '../../app/fixtures.ts';
import { testDatabases } from '../databases.ts';
import { HOSTILE_ROUTES, type HostileRoute } from './hostileRoutes.ts';
import { type HandBuilt, largestBodies, nested, post, put } from './largestBodies.ts';
import { type ChildServer, startChildServer } from './childServer.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';
import { newSession, prepare, send } from './httpClient.ts';

const LOOP_BUDGET_MS = 50;
const NUM_RUNS = Number(process.env.HOSTILE_RUNS ?? 100);
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));

function handBuilt(): HandBuilt[] {
  return [
    ...largestBodies(['\u0000', '\ud800', '😀', 'a@', '.', 'שלום\u202e']),
    // Prose: every field full of sentences, the most work the composer (or the coach) can be given.
    ...largestBodies(['I learned to listen. ', 'Sometimes we ran; other times we walked, and I noticed things. ']),
    { name: '20,000 nested objects as a document', route: put, body: `{"document":${nested(20_000)},"baseRevision":0}` },
    { name: '200,000 nested lists in an AI call', route: post('/api/topic-suggestions'), body: `{"formData":${'['.repeat(200_000)}${']'.repeat(200_000)}}` },
    { name: 'an e-mail of 40,000 dots', route: post('/api/validate-discount'), body: JSON.stringify({ code: 'x', user_email: `a@${'.'.repeat(40_000)}@` }) },
    { name: 'an event with a 64 KB step name', route: post('/api/events'), body: JSON.stringify({ events: [{ name: 'form_step_completed', timestamp: new Date().toISOString(), params: { step_name: 'a@'.repeat(32_000), step_number: 1 } }] }) },
    { name: '150 follow-up answers of 5,000 characters', route: post('/api/supplemental-essay'), body: JSON.stringify({ formData: { ...fullDocument(), followUpResponses: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`q${i}`, 'a@'.repeat(2500)])) }, essayPrompt: 'Why us?', wordCount: 300 }) },
    { name: 'a record of 60,000 keys', route: put, body: JSON.stringify({ document: { ...fullDocument(), followUpResponses: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`${i}`, ''])) }, baseRevision: 0 }) },
  ];
}

describe.each(testDatabases)('hostile bodies on $name', (target) => {
  // One server for the describe's two tests: its start and warm-up cost seconds, and the meter is reset before
  // every request measured.
  let measured: Awaited<ReturnType<typeof start>> | undefined;
  let server: ChildServer | undefined;
  afterAll(() => server?.close());
  const started = async () => (measured ??= await start());
  const start = async () => {
    const running = await startChildServer(target, ROOMY_LIMITS);
    server = running;
    /** Sends one request (serialised beforehand) and answers its status and the longest the server's loop was held. */
    const measure = async (route: Pick<HostileRoute, 'method' | 'url' | 'needs'>, input: unknown) => {
      const cookie = await newSession(running.base, route.needs === 'paid' ? 'paid' : undefined);
      const prepared = prepare(running.base, route, input, cookie);
      await running.reset();
      const answer = await send(prepared);
      // Give the meter's timer a moment to fire once more, so work at the very end is counted too.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { ...answer, blockedMs: await running.maxBlockedMs() };
    };
    // Each route once before measuring: compiling a route's code on its first call is not a request's cost.
    for (const route of HOSTILE_ROUTES) await measure(route, fc.sample(route.input, { numRuns: 1, seed: 1 })[0]);
    // Nor is what the first large body a process reads pays once and small ones never reach (the code for long
    // texts and lists compiled, the heap grown), whichever characters it holds: it was charged to the first
    // large case measured. The largest bodies in plain letters go first, unmeasured.
    for (const { name, route, body } of largestBodies(['x'])) {
      const answer = await measure(route, body);
      if (process.env.HOSTILE_DEBUG) console.info(`warm-up, unmeasured: ${name}`, answer.status, answer.blockedMs.toFixed(1));
    }
    return { measure };
  };

  it('answers bodies built from every route schema with hostile values: never a 5xx, never a loop held 50 ms', async () => {
    const { measure } = await started();
    console.info(`hostile bodies on ${target.name}: seed=${SEED} numRuns=${NUM_RUNS} (replay with HOSTILE_SEED=${SEED})`);
    const request = fc.integer({ min: 0, max: HOSTILE_ROUTES.length - 1 }).chain((index) => {
      const route = HOSTILE_ROUTES[index]!;
      // Counterexamples print as the route and the body's size, not as half a megabyte of text.
      return route.input.map((input) => ({ route, input, [fc.toStringMethod]: () => `${route.method} ${route.url} with ${JSON.stringify(input).length} characters of JSON` }));
    });
    const slowest = { ms: 0, what: '' };
    await fc.assert(fc.asyncProperty(request, async ({ route, input }) => {
      if (process.env.HOSTILE_DEBUG) console.info('->', route.url, JSON.stringify(input).length);
      const answer = await measure(route, input);
      if (process.env.HOSTILE_DEBUG) console.info('<-', route.url, answer.status, answer.blockedMs.toFixed(1));
      if (answer.blockedMs > slowest.ms) Object.assign(slowest, { ms: answer.blockedMs, what: `${route.method} ${route.url} (${answer.status})` });
      expect(answer.status, `${route.method} ${route.url} answered ${answer.status}: ${answer.text}`).toBeLessThan(500);
      expect(answer.blockedMs, `${route.method} ${route.url} held the loop`).toBeLessThanOrEqual(LOOP_BUDGET_MS);
    }), { seed: SEED, numRuns: NUM_RUNS, endOnFailure: true });
    console.info(`hostile bodies on ${target.name}: the loop was held at most ${slowest.ms.toFixed(1)} ms, by ${slowest.what}`);
  }, 120_000);

  it('answers the largest and the deepest hand-built bodies the same way', async () => {
    const { measure } = await started();
    const failures: string[] = [];
    for (const { name, route, body } of handBuilt()) {
      const answer = await measure(route, body);
      if (answer.status >= 500 || answer.blockedMs > LOOP_BUDGET_MS) failures.push(`${name}: ${answer.status} after holding the loop ${answer.blockedMs.toFixed(0)} ms: ${answer.text}`);
      if (process.env.HOSTILE_DEBUG) console.info(name, answer.status, answer.blockedMs.toFixed(1));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
