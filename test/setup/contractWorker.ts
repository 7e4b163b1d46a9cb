// The client tests' page (happy-dom) has no Worker: a stand-in answers the contract's checks as the browser's
// worker thread does (src/api/contractWorker.ts), with the same `check`, on this thread, a turn later. The
// journeys run the real worker in Chromium.
import * as contract from '../../src/common/contract/contract.ts';
import { type CheckRequest, check } from '../../src/api/contractSchemas.ts';

/**
 * A stand-in for the contract's worker that answers `answers` checks, then fails as a worker whose script did
 * not load: a test stubs Worker with `contractWorkerStandIn(0)` for a contract that cannot be loaded at all.
 */
export function contractWorkerStandIn(answers = Number.POSITIVE_INFINITY) {
  return class ContractWorkerStandIn extends EventTarget {
    answered = 0;

    constructor(url: URL | string) {
      super();
      if (!String(url).includes('contractWorker')) throw new Error(`No stand-in for the worker ${String(url)}`);
    }

    postMessage(request: CheckRequest): void {
      this.answered += 1;
      const event = this.answered <= answers ? new MessageEvent('message', { data: check(contract, request) }) : new Event('error');
      void Promise.resolve().then(() => this.dispatchEvent(event));
    }

    terminate(): void {}
  };
}

if (typeof Worker === 'undefined') Object.assign(globalThis, { Worker: contractWorkerStandIn() });
