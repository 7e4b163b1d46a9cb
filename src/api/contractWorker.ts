// The worker thread that checks the server's answers against the contract (contractCheck.ts sends them), so
// building zod's schemas never blocks the page. The contract is imported with the worker's script.
import * as contract from '../common/contract/contract.ts';
import { type CheckRequest, check } from './contractSchemas.ts';

self.addEventListener('message', (event: MessageEvent<CheckRequest>) => {
  self.postMessage(check(contract, event.data));
});
