// "Download my data": how a stage reads the browser's rows of a table, in pages by key, each page a short
// indexed query, so an export never holds the database or the event loop and never sits in memory whole (the
// route streams the pages as they come). Each stage's data.ts says which rows and columns are the browser's:
// where a row also concerns another browser (a referral, a code, a checkout another browser paid for), the
// other's uid, e-mail and checkout are left out.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';
import type { ExportPages, StudentData } from './studentData.ts';

type Row = Record<string, unknown>;

/** Rows per page for the tables whose rows are small (events, feedback, days…). */
export const EXPORT_PAGE_ROWS = 200;

/** Pages of `size` rows, each read after the last row of the one before. */
export async function* keyset<R extends Row>(
  size: number, read: (after: Row | undefined, limit: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** The key column of the last row read, or where a table starts. */
export const numberAfter = (row: Row | undefined, column: string, start = 0): number => (row === undefined ? start : Number(row[column]));
export const textAfter = (row: Row | undefined, column: string, start = ''): string => (row === undefined ? start : String(row[column]));

export async function* single(rows: Promise<Row[]>): ExportPages {
  const page = await rows;
  if (page.length > 0) yield page;
}

export const dayText = sql<string>`cast(day as text)`.as('day');

/**
 * One statement that names every table the export reads and reads no row (`where false`): it still takes each
 * table's read lock, so a table another connection holds locked stops it at the statement timeout, before any
 * byte of the export is sent, when the route can still answer with a status and a JSON error. Each export
 * section is named after the table it reads.
 */
export async function checkExportReadable(db: Kysely<Database>, data: Pick<StudentData, 'exportSections'>, uid: string): Promise<void> {
  const tables = data.exportSections(db, uid, 0).map(([name]) => sql`select 1 from ${sql.table(name)} where false`);
  await sql.join(tables, sql` union all `).execute(db);
}
