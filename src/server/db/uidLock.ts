// One student's writes to their essay versions and their erasure, one at a time: a transaction-scoped advisory
// lock on the uid, so an erasure's revision mark falls between the versions before it and those after.
import { sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

export async function lockUid(trx: Transaction<Database>, uid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`essay_versions:${uid}`}, 0))`.execute(trx);
}
