// A bound on how much of one kind of work a browser and a network may have running at once in this process, for
// work that holds a shared worker thread (the coach's free reviews): past it the request is refused at once with
// a 429 and a Retry-After, rather than queued ahead of other students' work. One address sending a flood keeps
// at most its figure of tasks queued, so the flood waits on itself and every other network's work goes on.
// Counted in this process's memory: what it bounds, the process's own worker, is not shared between instances.
import { HttpError } from '../http/errors.ts';
import { networkKey } from './networkKey.ts';

export interface InFlightFigures {
  perBrowser: number;
  perNetwork: number;
  /** The refusal's code and words, and the seconds after which the client may try again. */
  refusal: { code: string; message: string; retryAfterSeconds: number };
}

export interface InFlightLimit {
  /** Runs `work` as one of the browser's and its network's tasks, or throws the 429 when either has its figure running. */
  run<T>(uid: string, ip: string | undefined, work: () => Promise<T>): Promise<T>;
}

export function createInFlightLimit(figures: InFlightFigures): InFlightLimit {
  const running = new Map<string, number>();
  const count = (key: string) => running.get(key) ?? 0;
  const release = (key: string) => {
    const left = count(key) - 1;
    if (left === 0) running.delete(key);
    else running.set(key, left);
  };
  const { code, message, retryAfterSeconds } = figures.refusal;

  return {
    async run(uid, ip, work) {
      const browser = `browser:${uid}`;
      const network = `network:${networkKey(ip)}`;
      if (count(browser) >= figures.perBrowser || count(network) >= figures.perNetwork) {
        throw HttpError.retryLater(code, message, retryAfterSeconds);
      }
      running.set(browser, count(browser) + 1);
      running.set(network, count(network) + 1);
      try {
        return await work();
      } finally {
        release(browser);
        release(network);
      }
    },
  };
}
