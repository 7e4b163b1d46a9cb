// WEB_CONCURRENCY=N: N worker processes (node:cluster) share the port, so one machine's cores all serve. The
// primary process only supervises: it forks the workers, replaces one that dies, and on SIGTERM or SIGINT
// asks each worker to drain (readiness 503, requests in flight finish, see drain.ts), then exits when they
// have. Only PostgreSQL with Redis can be shared by workers; the configuration refuses the rest (config.ts).
import cluster, { type Worker } from 'node:cluster';

/** Why N workers cannot run on this configuration, or undefined when they can. */
export function webConcurrencyProblem(
  workers: number, env: { DATABASE_URL?: string; REDIS_URL?: string },
): string | undefined {
  if (workers <= 1) return undefined;
  if (env.DATABASE_URL === undefined) {
    return `${workers} worker processes need PostgreSQL (DATABASE_URL): PGlite's data directory can be opened by one process only. Use WEB_CONCURRENCY=1 with PGlite`;
  }
  if (env.REDIS_URL === undefined) {
    return `${workers} worker processes need REDIS_URL: without it each worker counts the rate limits on its own, so every limit would allow ${workers} times its value`;
  }
  return undefined;
}

/** A worker that died is replaced after this pause, so a worker that cannot start does not spin the CPU. */
const RESPAWN_DELAY_MS = 1_000;

/** Runs in the primary process: forks and supervises `workers` processes running this same entry point. */
export function superviseWorkers(workers: number, log: (line: string) => void): void {
  let stopping = false;
  let failed = false;
  const live = new Set<Worker>();
  const fork = (): void => {
    if (!stopping) live.add(cluster.fork());
  };
  cluster.on('exit', (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (live.size === 0) {
        log('every worker has stopped: exiting');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    log(`worker ${worker.process.pid ?? '?'} exited (${signal ?? code}): starting another`);
    setTimeout(fork, RESPAWN_DELAY_MS);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received: asking ${workers} workers to drain`);
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log(`starting ${workers} worker processes`);
  for (let index = 0; index < workers; index += 1) fork();
}

/**
 * In a worker, a terminal's Ctrl-C reaches every process of the group: the worker ignores SIGINT and drains
 * on the SIGTERM the primary sends, so it does not see two signals (a second one means "exit now").
 * Returns the signals the worker's graceful close must not react to.
 */
export function ignoreSigintInWorker(): Array<'SIGINT'> {
  if (!cluster.isWorker) return [];
  process.on('SIGINT', () => undefined);
  return ['SIGINT'];
}

export const isClusterPrimary = (workers: number): boolean => workers > 1 && cluster.isPrimary;
