// Every log line of a suite, at the most talkative level, checked against every text the suite's students sent:
// a run of six of a student's words (a draft, an answer, a prompt) found in any log line fails the suite. The
// texts are taken from each request's parsed body as the routes receive it (a hook added to every route as it is
// registered), so a suite lists nothing by hand and a new request is checked too.
import type { RouteOptions } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { LogDestination } from '../../src/server/logger.ts';

const RUN = 6;

export interface StudentTextLogs {
  /** The app's log destination, its level (env) and its route hook: pass all three to the app. */
  logger: LogDestination;
  env: { LOG_LEVEL: string };
  onRoute: (route: RouteOptions) => void;
  lines: string[];
  /** Fails when a log line holds a run of six words of any text a student sent so far. */
  expectNone(): void;
}

const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((word) => word !== '');

function runs(text: string): string[] {
  const list = words(text);
  const found: string[] = [];
  for (let start = 0; start + RUN <= list.length; start += 1) found.push(list.slice(start, start + RUN).join(' '));
  return found;
}

/** Every string leaf of a parsed body. */
function strings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, into);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, into);
  return into;
}

/** A log line's text: its string fields, JSON escapes undone. */
function lineText(line: string): string {
  try {
    return strings(JSON.parse(line) as unknown, []).join('\n');
  } catch {
    return line;
  }
}

/** Call inside a describe: the check runs after its last test too. */
export function studentTextLogs(): StudentTextLogs {
  const lines: string[] = [];
  const sent = new Set<string>();
  const record = async (request: { body?: unknown }) => {
    for (const text of strings(request.body, [])) for (const run of runs(text)) sent.add(run);
  };
  const expectNone = () => {
    const leaks = lines.flatMap((line) => {
      const text = runs(lineText(line)).find((run) => sent.has(run));
      return text === undefined ? [] : [`"${text}" in ${line.slice(0, 300)}`];
    });
    expect(leaks, 'log lines holding a student\'s text').toEqual([]);
  };
  afterAll(expectNone);
  return {
    logger: { write: (line) => lines.push(line) },
    env: { LOG_LEVEL: 'trace' },
    onRoute: (route) => {
      const own = route.preValidation;
      // First, so a body the route then refuses is recorded too.
      route.preValidation = [record, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    },
    lines,
    expectNone,
  };
}
