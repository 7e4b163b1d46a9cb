// The figures npm test's report closes with: each part's CPU seconds read from bash's `times`, and the line that
// gathers every part's wall and CPU time.
import { describe, expect, it } from 'vitest';
import { closingLine, cpuSecondsOf, type Outcome, runPhase } from './phase.ts';

describe('cpuSecondsOf', () => {
  it('sums the four figures of `times`: bash\'s own user and system time, then its waited-for processes\'', () => {
    expect(cpuSecondsOf('0m0.004s 0m0.002s\n2m3.250s 0m10.500s\n')).toBeCloseTo(133.756, 6);
  });

  it('reads the decimal comma some locales give bash', () => {
    expect(cpuSecondsOf('0m0,004s 0m0,002s\n0m1,500s 0m0,250s\n')).toBeCloseTo(1.756, 6);
  });

  it('gives nothing for output that is not `times`\'', () => {
    expect(cpuSecondsOf('')).toBeUndefined();
    expect(cpuSecondsOf('0m0.004s 0m0.002s\n')).toBeUndefined();
  });
});

describe('closingLine', () => {
  const part = (name: string, seconds: number, cpuSeconds?: number): Outcome => ({ name, seconds, cpuSeconds, ok: true, output: '' });

  it('gives every part\'s wall time, its CPU seconds when measured, and the CPU seconds of all the parts', () => {
    expect(closingLine(504.12, [part('production build', 35.34, 61.04), part('(side by side, wall)', 426.8), part('lint', 173.5, 301)]))
      .toBe('504.1 s, 362.0 s CPU (production build 35.3 s, 61.0 s CPU; (side by side, wall) 426.8 s; lint 173.5 s, 301.0 s CPU)');
  });

  it('gives the wall times alone when no CPU time was measured', () => {
    expect(closingLine(10, [part('lint', 9.96)])).toBe('10.0 s (lint 10.0 s)');
  });
});

describe('runPhase', () => {
  it('measures the CPU time of the command\'s processes below it, and keeps its output and exit status', async () => {
    // A grandchild that spins until it has used 0.3 s of CPU time, then fails.
    const spin = 'while (process.cpuUsage().user < 300000); console.log("spun"); process.exit(3)';
    const outcome = await runPhase('spin', ['bash', '-c', `node -e '${spin}'`]);
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('spun');
    expect(outcome.cpuSeconds).toBeGreaterThanOrEqual(0.3);
  });
});
