// Row sources for the operator's CSV exports, read in pages by key so a million events never sit in memory.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

const PAGE = 5000;

export const FEEDBACK_COLUMNS = ['id', 'created_at', 'type', 'rating', 'page', 'url', 'email', 'message', 'user_agent'] as const;

export async function* feedbackRows(db: Kysely<Database>): AsyncGenerator<unknown[]> {
  let before: number | null = null;
  for (;;) {
    let query = db.selectFrom('feedback').select(FEEDBACK_COLUMNS).orderBy('id', 'desc').limit(PAGE);
    if (before !== null) query = query.where('id', '<', before);
    const rows = await query.execute();
    for (const row of rows) yield FEEDBACK_COLUMNS.map((column) => row[column]);
    if (rows.length < PAGE) return;
    before = rows[rows.length - 1]?.id ?? 0;
  }
}

export const EVENT_COLUMNS = ['id', 'received_at', 'occurred_at', 'uid', 'name', 'params'] as const;

/** Events received since `since`, oldest first; ids grow with arrival, so paging by id follows received_at. */
export async function* eventRows(db: Kysely<Database>, since: Date): AsyncGenerator<unknown[]> {
  const first = await db.selectFrom('events').select('id').where('received_at', '>=', since)
    .orderBy('received_at').limit(1).executeTakeFirst();
  if (!first) return;
  let after = first.id - 1;
  for (;;) {
    const rows = await db.selectFrom('events').select(EVENT_COLUMNS)
      .where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const row of rows) yield EVENT_COLUMNS.map((column) => row[column]);
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}
