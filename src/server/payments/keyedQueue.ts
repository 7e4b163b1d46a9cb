// Runs work for one key at a time, in arrival order, within this process: twenty clicks of one browser's Pay
// button become one checkout and nineteen answers pointing at it, not twenty provider sessions that replace
// one another. Across instances the database's per-browser lock keeps the same rule, only less politely.
export type KeyedQueue = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, work) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
