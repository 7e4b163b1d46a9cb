// How long the event loop of THIS process was kept busy by code, measured from inside it: a timer asks to run
// every few milliseconds, and the time it arrives late is how long the loop was held. On a shared machine a
// late timer can also mean the OS gave the core to another process; so a late arrival counts only as far as
// this process spent CPU time in it (process.cpuUsage), which a process waiting for a core does not.
import { performance } from 'node:perf_hooks';

const INTERVAL_MS = 2;

export interface LoopBlockMeter {
  /** Forget what was measured so far. */
  reset(): void;
  /** The longest stretch (ms) the loop was held by this process's own work since the last reset. */
  maxBlockedMs(): number;
  stop(): void;
}

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function startLoopBlockMeter(): LoopBlockMeter {
  let worst = 0;
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  let timer: NodeJS.Timeout;
  const tick = (): void => {
    const wall = performance.now();
    const cpu = cpuMs();
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
      lastCpu = cpuMs();
    },
    maxBlockedMs: () => worst,
    stop: () => clearTimeout(timer),
  };
}
