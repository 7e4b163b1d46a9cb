// Checks an answer from the server against the contract, in a worker thread (contractWorker.ts): the thread
// builds zod's schemas once, and the page's main thread stays free to answer the student meanwhile.
import type { z } from 'zod';
import type { CheckAnswer, CheckRequest, Checked, ContractModule, SchemaName } from './contractSchemas.ts';

type Pending = { resolve: (checked: Checked<unknown>) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * Checks `value` against the schema named `schema`. Rejects only when the contract cannot be loaded (its
 * worker's script unreachable: offline before it was ever cached); the next check tries again.
 */
export function checkAgainst<Name extends SchemaName>(schema: Name, value: unknown): Promise<Checked<z.output<ContractModule[Name]>>> {
  const request: CheckRequest = { id: (nextId += 1), schema, value };
  const thread = startedWorker();
  return new Promise((resolve, reject) => {
    pending.set(request.id, { resolve: resolve as Pending['resolve'], reject });
    thread.postMessage(request);
  });
}

function startedWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./contractWorker.ts', import.meta.url), { type: 'module', name: 'contract' });
  started.addEventListener('message', (event: MessageEvent<CheckAnswer>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    waiting?.resolve(event.data.checked);
  });
  started.addEventListener('error', (event) => {
    event.preventDefault();
    worker = undefined;
    started.terminate();
    const failed = [...pending.values()];
    pending.clear();
    for (const waiting of failed) waiting.reject(new Error('The contract could not be loaded.'));
  });
  worker = started;
  return started;
}
