// The rule that qualifies a route bench run by its blank page: at least 99, measured again up to three attempts,
// and a run none of whose attempts qualifies fails, still saying what each attempt scored.
import { describe, expect, it } from 'vitest';
import { type BlankPageFigures, blankPageAttempts, qualificationRows } from './qualification.ts';

const figures = (performance: number, loadAverage = 1): BlankPageFigures => ({ performance, tbtMs: 40.4, lcpMs: 812.6, loadAverage });

/** The attempts the rule makes when the blank page scores these, in turn. */
async function attemptsScoring(scores: number[]): Promise<number[]> {
  const measured: number[] = [];
  const attempts = await blankPageAttempts(async (attempt) => {
    measured.push(attempt);
    return figures(scores[attempt - 1] ?? 0);
  });
  expect(attempts.map((attempt) => attempt.performance)).toEqual(scores.slice(0, measured.length));
  return measured;
}

describe('blankPageAttempts', () => {
  it('stops at the first attempt that scores at least 99', async () => {
    expect(await attemptsScoring([99, 100, 100])).toEqual([1]);
    expect(await attemptsScoring([98, 100, 100])).toEqual([1, 2]);
  });

  it('makes at most three attempts', async () => {
    expect(await attemptsScoring([97, 96, 98, 100])).toEqual([1, 2, 3]);
  });
});

describe('qualificationRows', () => {
  it('records the qualifying attempt\'s score, total blocking time and LCP, and which attempt qualified', () => {
    const rows = qualificationRows([figures(97, 3.456), figures(100, 1.2)], 5);
    expect(rows.map(({ value, pass }) => ({ value, pass }))).toEqual([
      { value: 100, pass: true }, { value: 40, pass: true }, { value: 813, pass: true }, { value: 2, pass: true },
    ]);
    expect(rows[0]?.name).toBe('Lighthouse mobile performance, blank page (served by the bench, first visit), attempt 2 (median of 5)');
    expect(rows[3]?.name).toBe('route run qualified by its blank page: attempt 2 of at most 3 '
      + '(blank page by attempt: 97, 100; load average at their start: 3.46, 1.20)');
  });

  it('fails the run when no attempt qualifies, with every attempt\'s score', () => {
    const rows = qualificationRows([figures(97), figures(98), figures(96)], 5);
    expect(rows.map(({ value, pass }) => ({ value, pass }))).toEqual([
      { value: 96, pass: false }, { value: 40, pass: true }, { value: 813, pass: true }, { value: 0, pass: false },
    ]);
    expect(rows[3]?.name).toMatch(/^route run NOT qualified: no blank page of 3 attempts scored ≥ 99 \(blank page by attempt: 97, 98, 96;/);
  });
});
