// The contract's schemas, loaded on first use rather than with the app. zod and the schemas are about a sixth
// of the app's JavaScript and a noticeable share of its start-up work on a phone, and nothing needs them before
// the first answer from the server arrives: the endpoint tables name a schema, and the client looks it up here
// when it checks that answer. Types come from the contract as usual (a type import costs nothing at run time).
import type { z } from 'zod';
import type * as Contract from '../common/contract.ts';

export type ContractModule = typeof Contract;

/** The name of every schema the contract exports. */
export type SchemaName = {
  [Name in keyof ContractModule]: ContractModule[Name] extends z.ZodType ? Name : never;
}[keyof ContractModule];

let loading: Promise<ContractModule> | undefined;

/**
 * The contract module, fetched once. A failed fetch (offline before the chunk was ever cached) is not kept:
 * the next call tries again.
 */
export function loadContract(): Promise<ContractModule> {
  loading ??= import('../common/contract.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
