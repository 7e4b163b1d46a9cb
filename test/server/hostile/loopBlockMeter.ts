// How long the event loop of THIS process was kept busy by code, measured from inside it: a timer asks to run
// every few milliseconds, and the time it arrives late is how long the loop was held. On a shared machine a
// late timer can also mean the OS gave the core to another process; so a late arrival counts only as far as
// the loop's own thread spent CPU time in it, which a thread waiting for a core does not. Where Linux tells
// a thread's CPU time (/proc/thread-self/schedstat) that is the loop's thread alone: the whole process's
// (process.cpuUsage, the fallback elsewhere) also counts its other threads (the garbage collector's helpers,
// the thread pool), which never hold the loop; with it, a request that held the loop 14 ms was reported as
// 33 ms on the busy two-core machine.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const INTERVAL_MS = 2;

export interface LoopBlockMeter {
  /** Forget what was measured so far. */
  reset(): void;
  /** The longest stretch (ms) the loop was held by this process's own work since the last reset. */
  maxBlockedMs(): number;
  stop(): void;
}

const THREAD_SCHEDSTAT = '/proc/thread-self/schedstat';

const processCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** This thread's time on a CPU (ms): schedstat's first field, in nanoseconds. */
const threadCpuMs = (): number => Number(readFileSync(THREAD_SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;

const hasThreadCpu = (): boolean => {
  try {
    return Number.isFinite(threadCpuMs());
  } catch {
    return false;
  }
};

/**
 * The CPU time (ms) of another process's main thread, the one that runs its event loop, read from outside it
 * (Linux only: undefined where /proc does not tell it).
 */
export function mainThreadCpuMsOf(pid: number): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/** The CPU time (ms) the meter charges a late timer with: this thread's where Linux tells it, else the process's. */
export const loopCpuMs: () => number = hasThreadCpu() ? threadCpuMs : processCpuMs;

export function startLoopBlockMeter(): LoopBlockMeter {
  let worst = 0;
  let lastWall = performance.now();
  let lastCpu = loopCpuMs();
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    const wall = performance.now();
    const cpu = loopCpuMs();
    const late = wall - lastWall - INTERVAL_MS;
    const blocked = Math.min(late, cpu - lastCpu);
    if (blocked > worst) worst = blocked;
    lastWall = wall;
    lastCpu = cpu;
    timer = setTimeout(tick, INTERVAL_MS);
  };
  timer = setTimeout(tick, INTERVAL_MS);
  return {
    // Re-based as well as zeroed: whatever held the loop before the reset (a forced garbage collection, say)
    // must not be charged to the first tick after it.
    reset: () => {
      worst = 0;
      lastWall = performance.now();
      lastCpu = loopCpuMs();
    },
    maxBlockedMs: () => worst,
    stop: () => clearTimeout(timer),
  };
}
