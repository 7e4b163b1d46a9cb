// The contract's schemas as the browser uses them: by name, to check an answer from the server. zod and the
// schemas are about a sixth of the app's JavaScript, and building the schemas is the largest single piece of
// start-up work on a phone, so the page does not build them to check an answer: contractCheck.ts sends each
// check to a worker thread that imports the contract (contractWorker.ts). Types come from the contract as
// usual (a type import costs nothing at run time).
import type { z } from 'zod';
import type * as Contract from '../common/contract/contract.ts';

export type ContractModule = typeof Contract;

/** The name of every schema the contract exports. */
export type SchemaName = {
  [Name in keyof ContractModule]: ContractModule[Name] extends z.ZodType ? Name : never;
}[keyof ContractModule];

/** What a check answers: the parsed value (zod's output, e.g. unknown keys stripped), or a refusal. */
export type Checked<T> = { success: true; data: T } | { success: false };

/** One check, as the page sends it to the worker. */
export type CheckRequest = { id: number; schema: SchemaName; value: unknown };
export type CheckAnswer = { id: number; checked: Checked<unknown> };

/** Checks `value` against the contract's schema named `schema`; a name the contract lacks refuses. */
export function check(contract: ContractModule, { id, schema, value }: CheckRequest): CheckAnswer {
  const candidate: unknown = Object.hasOwn(contract, schema) ? contract[schema] : undefined;
  if (!isSchema(candidate)) return { id, checked: { success: false } };
  const parsed = candidate.safeParse(value);
  return { id, checked: parsed.success ? { success: true, data: parsed.data } : { success: false } };
}

const isSchema = (candidate: unknown): candidate is z.ZodType =>
  typeof candidate === 'object' && candidate !== null && typeof (candidate as { safeParse?: unknown }).safeParse === 'function';
