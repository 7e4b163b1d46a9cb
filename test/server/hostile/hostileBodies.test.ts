// Property-based: bodies (and queries) built from each route's contract schema, with hostile values inside
// valid shapes (NUL, lone surrogates, emoji, right-to-left text, texts at their limits, full records,
// `__proto__` keys), plus hand-built bodies at the largest size and nesting, prose in every field included, sent
// over real HTTP to a real app on each test database. No answer may be a 5xx, and no request may hold the
// server's event loop for more than 50 ms, measured inside the process that runs the server (the client
// serialises every body first).
// The seed and the number of runs are printed; HOSTILE_SEED and HOSTILE_RUNS replay or widen a run.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS } from '../../../src/common/coach/limits.ts';
import {
  ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_REQUEST, FORM_DOCUMENT_MAX_BYTES,
} from '../../../src/common/limits/limits.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { fullDocument } from '../../app/fixtures.ts';
import { testDatabases } from '../databases.ts';
import { fill } from './hostileText.ts';
import { HOSTILE_ROUTES, type HostileRoute } from './hostileRoutes.ts';
import { type ChildServer, startChildServer } from './childServer.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';
import { newSession, prepare, send } from './httpClient.ts';

const LOOP_BUDGET_MS = 50;
const NUM_RUNS = Number(process.env.HOSTILE_RUNS ?? 100);
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));


/** A form document as large as the store takes, every text at its limit with hostile characters. */
function maximalDocument(piece: string): FormDocument {
  const form = fullDocument();
  form.basicInfo.fullName = fill(piece, 300);
  form.personalInsights.happy = fill(piece, 1000);
  form.personalInsights.writingSample.text = fill(piece, 2000);
  form.activitiesAndInvolvement.activities = Array.from({ length: 30 }, (_, i) => ({
    ...form.activitiesAndInvolvement.activities[0]!, otherCategory: fill(piece, 300), leadership: fill(`${i}${piece}`, 300), description: fill(piece, 5000),
  }));
  form.followUpResponses = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [fill(`${i}${piece}`, 1000), fill(piece, 5000)]));
  // Then as many of the big parts as the store's limit takes (a NUL is six bytes of JSON, an emoji four).
  const answers = Object.entries(form.followUpResponses);
  while (Buffer.byteLength(JSON.stringify(form)) > FORM_DOCUMENT_MAX_BYTES) {
    if (form.activitiesAndInvolvement.activities.length > 1) form.activitiesAndInvolvement.activities.pop();
    else if (answers.length > 1) {
      answers.pop();
      form.followUpResponses = Object.fromEntries(answers);
    } else throw new Error('the smallest maximal document is still too large');
  }
  return form;
}

/** A draft as long as the coach reads, in as many paragraphs as it takes, every one of them `piece` repeated. */
const coachDraft = (piece: string): string => {
  const paragraph = fill(piece, Math.floor(COACH_MAX_CHARS / COACH_MAX_PARAGRAPHS) - 2);
  return Array.from({ length: COACH_MAX_PARAGRAPHS }, () => paragraph).join('\n\n');
};

const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

type HandBuilt = { name: string; route: Pick<HostileRoute, 'method' | 'url' | 'needs'>; body: string };
const put = { method: 'PUT', url: '/api/forms/me' } as const;
const post = (url: string, needs?: 'paid') => ({ method: 'POST', url, needs } as const);

/** For each of `pieces`, the largest body of every route that carries the form document or essay text. */
function largestBodies(pieces: string[]): HandBuilt[] {
  const cases = [];
  for (const piece of pieces) {
    const document = maximalDocument(piece);
    cases.push(
      { name: `largest document of ${JSON.stringify(piece)}`, route: put, body: JSON.stringify({ document, baseRevision: 0 }) },
      { name: `topics for the largest document of ${JSON.stringify(piece)}`, route: post('/api/topic-suggestions'), body: JSON.stringify({ formData: document }) },
      {
        name: `essay for the largest document of ${JSON.stringify(piece)}`, route: post('/api/generate-essay', 'paid'),
        body: JSON.stringify({ formData: document, selectedPrompt: fill(piece, 2000), selectedIdea: fill(piece, 300), followUpResponses: document.followUpResponses }),
      },
      {
        name: `supplemental for the largest document of ${JSON.stringify(piece)}`, route: post('/api/supplemental-essay'),
        body: JSON.stringify({ formData: document, essayPrompt: fill(piece === '.' ? 'why ' : piece, 5000), wordCount: 1000 }),
      },
      {
        name: `the coach's review of the longest draft, with the largest document, of ${JSON.stringify(piece)}`, route: post('/api/coach/review'),
        body: JSON.stringify({ kind: 'personal', draft: coachDraft(piece), prompt: fill(piece, 2000), formData: document }),
      },
      {
        name: `the most essay versions a request carries, of ${JSON.stringify(piece)}`, route: post('/api/essay-versions'),
        body: JSON.stringify({
          versions: Array.from({ length: ESSAY_VERSIONS_PER_REQUEST }, (_, i) => ({
            id: `hostile-version-${i}`, essayKey: 'personal', at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), kind: 'edited', text: fill(piece, ESSAY_VERSION_MAX_CHARS),
          })),
        }),
      },
    );
  }
  return cases;
}

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
