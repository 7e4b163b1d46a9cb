// No pattern that src/common or src/server applies to text may take more than linear time: each one is run on
// adversarial texts as long as the longest text field of the contract (an essay, 20,000 characters), built from
// the pattern's own characters repeated and then a character that makes the match fail. A quadratic pattern
// needs seconds on these; a linear one well under a millisecond. Timed by this thread's CPU time, which another
// process taking the core does not inflate.
import { describe, expect, it } from 'vitest';
import { analyticsEventSchema } from '../../../src/common/contract/contract.ts';
import { loopCpuMs } from './loopBlockMeter.ts';
import { patternsUnder } from './patternSources.ts';

const FIELD_MAX = 20_000;
/** Far above what a linear pattern needs at this length, far below what a quadratic one takes. */
const BUDGET_MS = 40;

const root = new URL('../../../', import.meta.url).pathname;
const patterns = patternsUnder(root, ['src/common', 'src/server']);

const BASE_PUMPS = ['a', 'A', '0', ' ', '\t', '\n', '.', '@', '/', 'é', '😀', '\u05d0', 'a@', '@a', 'a.', '.a', 'a ', 'a@a.', 'aed ', 'why ', 'prompt ', 'My a '];
const SUFFIXES = ['', '!', '\u0000'];

/** Pumps made of the pattern's own characters, plus the usual suspects. */
function pumpsFor(regex: RegExp): string[] {
  const own = [...new Set(regex.source.replace(/\\[a-zA-Z]/g, '').split(''))].filter((char) => char.trim() !== '' && !'^$()[]{}?*+|\\'.includes(char));
  return [...new Set([...BASE_PUMPS, ...own, ...own.map((char) => `${char}a`)])];
}

/** The attacks are the same few hundred texts for every pattern: each is made once, when first needed. */
const attacks = new Map<string, string>();

function attack(pump: string, suffix: string): string {
  const key = `${pump}\u0001${suffix}`;
  let text = attacks.get(key);
  if (text === undefined) {
    const body = pump.repeat(Math.ceil(FIELD_MAX / [...pump].length));
    text = [...body].slice(0, FIELD_MAX - [...suffix].length).join('') + suffix;
    attacks.set(key, text);
  }
  return text;
}

/** The worst of the ways the code uses a pattern: scan the whole text for every match. */
function worstRun(regex: RegExp, text: string): number {
  const global = new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`);
  const started = loopCpuMs();
  text.replace(global, '');
  return loopCpuMs() - started;
}

/** The attacks a pattern took longer than the budget on. */
function timeAttacks(regex: RegExp): string[] {
  const slow: string[] = [];
  for (const pump of pumpsFor(regex)) {
    for (const suffix of SUFFIXES) {
      const ms = worstRun(regex, attack(pump, suffix));
      if (ms > BUDGET_MS) slow.push(`${JSON.stringify(pump)}×${FIELD_MAX}+${JSON.stringify(suffix)}: ${ms.toFixed(0)} ms`);
    }
  }
  return slow;
}

/** The same pattern written in several places (same source and flags) is timed once; each place reports it. */
const timed = new Map<string, string[]>();

function slowRuns(regex: RegExp): string[] {
  const key = `/${regex.source}/${regex.flags}`;
  let slow = timed.get(key);
  if (slow === undefined) {
    slow = timeAttacks(regex);
    timed.set(key, slow);
  }
  return slow;
}

describe('every pattern in src/common and src/server runs in linear time', () => {
  it('finds the patterns (the e-mail checks among them)', () => {
    expect(patterns.length).toBeGreaterThan(40);
    expect(patterns.some(({ where }) => where.startsWith('src/common/contract/validation.ts'))).toBe(true);
    expect(patterns.some(({ where }) => where.startsWith('src/server/ai/profile.ts'))).toBe(true);
  });

  it.each(patterns.map((pattern) => [pattern.where, pattern.regex] as const))('%s', (_where, regex) => {
    expect(slowRuns(regex)).toEqual([]);
  });

  it("the event schema's own format checks (the timestamp) stay fast on a 100,000-character value", () => {
    const event = { name: 'page_viewed', timestamp: `2026-01-01T00:00:00${'0'.repeat(100_000)}Z`, params: { page_path: '/' } };
    const started = loopCpuMs();
    expect(analyticsEventSchema.safeParse(event).success).toBe(false);
    expect(loopCpuMs() - started).toBeLessThan(BUDGET_MS);
  });
});
