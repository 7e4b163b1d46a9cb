// The client tests' page (happy-dom) has no Worker: a stand-in answers the contract's checks as the browser's
// worker thread does (src/api/contractWorker.ts), with the same `check`, on this thread, a turn later. A test
// that makes the worker fail stubs Worker itself. The journeys run the real worker in Chromium.
import * as contract from '../../src/common/contract.ts';
import { type CheckRequest, check } from '../../src/api/contractSchemas.ts';

class ContractWorkerStandIn extends EventTarget {
  constructor(url: URL | string) {
    super();
    if (!String(url).includes('contractWorker')) throw new Error(`No stand-in for the worker ${String(url)}`);
  }

  postMessage(request: CheckRequest): void {
    void Promise.resolve().then(() => this.dispatchEvent(new MessageEvent('message', { data: check(contract, request) })));
  }

  terminate(): void {}
}

if (typeof Worker === 'undefined') Object.assign(globalThis, { Worker: ContractWorkerStandIn });
