import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contract from '../../src/common/contract/contract.ts';
import { check } from '../../src/api/contractSchemas.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('check (what the worker thread answers)', () => {
  it("answers zod's output for a value the schema accepts, unknown keys stripped", () => {
    expect(check(contract, { id: 7, schema: 'whoamiResponseSchema', value: { plan: 'paid', extra: 1 } }))
      .toEqual({ id: 7, checked: { success: true, data: { plan: 'paid' } } });
  });

  it('refuses a value the schema refuses, and a name the contract does not export as a schema', () => {
    expect(check(contract, { id: 1, schema: 'whoamiResponseSchema', value: { plan: 'gold' } })).toEqual({ id: 1, checked: { success: false } });
    const notASchema = 'toString' as Parameters<typeof check>[1]['schema'];
    expect(check(contract, { id: 2, schema: notASchema, value: {} })).toEqual({ id: 2, checked: { success: false } });
  });
});

/** A worker that holds every request until the test answers it, in any order, or fails as an unloadable script. */
class HeldWorker extends EventTarget {
  static started: HeldWorker[] = [];
  readonly requests: Array<{ id: number; schema: string; value: unknown }> = [];
  terminated = false;

  constructor(readonly url: URL | string) {
    super();
    HeldWorker.started.push(this);
  }

  postMessage(request: { id: number; schema: string; value: unknown }): void {
    this.requests.push(request);
  }

  answer(index: number): void {
    const request = this.requests[index];
    if (!request) throw new Error(`no request ${index}`);
    this.dispatchEvent(new MessageEvent('message', { data: check(contract, request as Parameters<typeof check>[1]) }));
  }

  fail(): void {
    this.dispatchEvent(new Event('error', { cancelable: true }));
  }

  terminate(): void {
    this.terminated = true;
  }
}

const checkAgainstWith = async () => {
  HeldWorker.started = [];
  vi.stubGlobal('Worker', HeldWorker);
  return (await import('../../src/api/contractCheck.ts')).checkAgainst;
};

describe('checkAgainst', () => {
  it('starts one worker, from its own script, and gives each caller the answer to its own check, in any order', async () => {
    const checkAgainst = await checkAgainstWith();
    const first = checkAgainst('whoamiResponseSchema', { plan: 'free' });
    const second = checkAgainst('whoamiResponseSchema', { plan: 'paid' });
    const [worker] = HeldWorker.started;
    expect(HeldWorker.started).toHaveLength(1);
    expect(String(worker?.url)).toMatch(/contractWorker/);
    worker?.answer(1);
    worker?.answer(0);
    await expect(first).resolves.toEqual({ success: true, data: { plan: 'free' } });
    await expect(second).resolves.toEqual({ success: true, data: { plan: 'paid' } });
  });

  it("rejects the checks waiting on a worker whose script fails to load, and the next check starts a new one", async () => {
    const checkAgainst = await checkAgainstWith();
    const waiting = checkAgainst('whoamiResponseSchema', { plan: 'free' });
    const [failed] = HeldWorker.started;
    failed?.fail();
    await expect(waiting).rejects.toThrow('The contract could not be loaded.');
    expect(failed?.terminated).toBe(true);

    const retried = checkAgainst('whoamiResponseSchema', { plan: 'paid' });
    expect(HeldWorker.started).toHaveLength(2);
    HeldWorker.started[1]?.answer(0);
    await expect(retried).resolves.toEqual({ success: true, data: { plan: 'paid' } });
  });
});
