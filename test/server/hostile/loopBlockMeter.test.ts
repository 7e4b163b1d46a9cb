// The loop meter itself: it must see the loop held by this thread's own work, and must not charge the loop
// with CPU time other threads of the process spend while the loop's thread waits for a core (the thread pool
// syncing files, the garbage collector's helpers), which is what it mistook for a held loop on a busy disk.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopBlockMeter, loopCpuMs, startLoopBlockMeter } from './loopBlockMeter.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the loop's thread busy, as a slow handler would, for `ms` of its own CPU time (on a busy machine, a
 * wall-clock spin of 80 ms gave the thread 55 ms of CPU).
 */
const spin = (ms: number): void => {
  const until = loopCpuMs() + ms;
  while (loopCpuMs() < until) {
    // busy
  }
};

/** Workers on every core that each burn `ms` of their own thread's CPU time (Linux: /proc/thread-self). */
function busyWorkers(ms: number): Promise<void> {
  const source = `const { readFileSync } = require('node:fs');
    const cpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
    const until = cpuMs() + ${ms}; while (cpuMs() < until) {}`;
  const workers = Array.from({ length: availableParallelism() + 1 }, () => new Worker(source, { eval: true }));
  return Promise.all(workers.map((worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())))).then(() => undefined);
}

describe('the loop block meter', () => {
  let meter: LoopBlockMeter | undefined;
  afterEach(() => meter?.stop());

  it('measures the loop held by this thread', async () => {
    meter = startLoopBlockMeter();
    await pause(20);
    meter.reset();
    spin(80);
    await pause(20);
    expect(meter.maxBlockedMs()).toBeGreaterThanOrEqual(60);
  });

  it.runIf(process.platform === 'linux')('charges a late timer with the loop thread\'s CPU time, not that of the process\'s other threads', async () => {
    const loopBefore = loopCpuMs();
    const processBefore = process.cpuUsage();
    await busyWorkers(400);
    const processUsage = process.cpuUsage(processBefore);
    const processMs = (processUsage.user + processUsage.system) / 1000;
    // The workers burned hundreds of milliseconds of the process's CPU time while this thread only waited.
    expect(processMs).toBeGreaterThan(300);
    expect(loopCpuMs() - loopBefore).toBeLessThan(40);
  });
});
