// GET /api/health timed while adversarial requests are in flight against a server in its own process: what a
// load balancer's probe (and every other visitor) sees while one visitor sends its worst. The bodies are
// serialised before the clock starts; the probes run one after another, each timed on its own, by the wall
// clock (the bench) or by the CPU time of the server's loop thread (the test: what the probe waited through,
// whatever else the machine was doing).
import { performance } from 'node:perf_hooks';
import { fullDocument } from '../../app/fixtures.ts';
import type { ChildServer } from './childServer.ts';
import { fill } from './hostileText.ts';
import { newSession, prepare, send, type Prepared } from './httpClient.ts';

export interface LoadResult {
  probes: number[];
  p99: number;
  adversarialStatuses: number[];
  healthStatuses: number[];
}

export async function adversarialRequests(server: ChildServer, bodies: Array<{ url: string; body: string }>): Promise<Prepared[]> {
  const cookie = await newSession(server.base);
  return bodies.map(({ url, body }) => prepare(server.base, { method: url === '/api/forms/me' ? 'PUT' : 'POST', url }, body, cookie));
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Sends `requests` all at once, `rounds` times over, probing the health check throughout; `clock` times each probe (ms). */
export async function healthUnderLoad(
  server: ChildServer, requests: Prepared[], rounds: number, clock: () => number = () => performance.now(),
): Promise<LoadResult> {
  const probes: number[] = [];
  const adversarialStatuses: number[] = [];
  const healthStatuses: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let inFlight = true;
    const load = Promise.all(requests.map(async (request) => adversarialStatuses.push((await send(request)).status)))
      .finally(() => { inFlight = false; });
    while (inFlight) {
      const started = clock();
      const response = await fetch(`${server.base}/api/health`);
      await response.arrayBuffer();
      probes.push(clock() - started);
      healthStatuses.push(response.status);
    }
    await load;
  }
  return { probes, p99: percentile(probes, 99), adversarialStatuses, healthStatuses };
}

/** Twenty of the bodies that once stalled every visitor, five kinds in turn. */
export function adversarialBodies(): Array<{ url: string; body: string }> {
  const nested = `{"document":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)},"baseRevision":0}`;
  const form = fullDocument();
  form.personalInsights.happy = fill('a@', 1000);
  form.activitiesAndInvolvement.activities = form.activitiesAndInvolvement.activities.map((activity) => ({ ...activity, description: fill('a@.', 5000) }));
  const kinds = [
    { url: '/api/validate-discount', body: JSON.stringify({ code: 'x', user_email: `a@${'.'.repeat(40_000)}@` }) },
    { url: '/api/events', body: JSON.stringify({ events: [{ name: 'form_step_completed', timestamp: new Date().toISOString(), params: { step_name: 'a@'.repeat(32_000), step_number: 1 } }] }) },
    { url: '/api/supplemental-essay', body: JSON.stringify({ formData: { ...fullDocument(), followUpResponses: Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`q${i}`, 'a@'.repeat(2500)])) }, essayPrompt: 'Why us?', wordCount: 300 }) },
    { url: '/api/forms/me', body: nested },
    { url: '/api/topic-suggestions', body: JSON.stringify({ formData: form }) },
  ];
  return Array.from({ length: 20 }, (_, i) => kinds[i % kinds.length]!);
}
