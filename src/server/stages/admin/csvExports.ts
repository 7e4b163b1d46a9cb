// Row sources for the operator's CSV exports, read in pages by key so a million events never sit in memory.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { keyset } from '../../db/studentExport.ts';

const PAGE = 5000;

export const FEEDBACK_COLUMNS = ['id', 'created_at', 'type', 'rating', 'page', 'url', 'email', 'message', 'user_agent'] as const;

export async function* feedbackRows(db: Kysely<Database>): AsyncGenerator<unknown[]> {
  const pages = keyset(PAGE, (before, limit) => {
    const query = db.selectFrom('feedback').select(FEEDBACK_COLUMNS).orderBy('id', 'desc').limit(limit);
    return (before === undefined ? query : query.where('id', '<', Number(before.id))).execute();
  });
  for await (const rows of pages) for (const row of rows) yield FEEDBACK_COLUMNS.map((column) => row[column]);
}

export const EVENT_COLUMNS = ['id', 'received_at', 'occurred_at', 'uid', 'name', 'params'] as const;

/** Events received since `since`, oldest first; ids grow with arrival, so paging by id follows received_at. */
export async function* eventRows(db: Kysely<Database>, since: Date): AsyncGenerator<unknown[]> {
  const first = await db.selectFrom('events').select('id').where('received_at', '>=', since)
    .orderBy('received_at').limit(1).executeTakeFirst();
  if (!first) return;
  const pages = keyset(PAGE, (after, limit) => db.selectFrom('events').select(EVENT_COLUMNS)
    .where('id', '>', after === undefined ? first.id - 1 : Number(after.id)).orderBy('id').limit(limit).execute());
  for await (const rows of pages) for (const row of rows) yield EVENT_COLUMNS.map((column) => row[column]);
}
