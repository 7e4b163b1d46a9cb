// What the server holds for one browser (a uid), table by table, and what "Download my data", "Delete my data"
// and the retention purge do with it. Each stage declares its own tables (src/server/stages/<stage>/data.ts);
// the foundation's bookkeeping tables are declared here. Every table is classified, with every column that
// names a browser (its uid, or a key built from it) or holds an e-mail address, so a new table or such a column
// cannot be added without deciding what happens to a student's rows in it: studentDataOf refuses a table
// declared twice or not at all, and a test compares the lists with the columns the migrations create. The
// export (studentExport.ts), the erasure (studentErase.ts) and the purge (retentionPurge.ts) follow it;
// src/server/db/README.md says it in words.
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import { idempotentWritesData } from './idempotentWrites.ts';
import type { Database } from './schema.ts';

export type RowPolicy =
  /** The browser's rows are exported, then erased. */
  | 'erase'
  /** The browser's rows are exported; erasing removes some and keeps the money records among them, without e-mail. */
  | 'anonymise'
  /** The browser's rows are exported and kept, as the receipt of a payment (no answers, no e-mail). */
  | 'keep'
  /** The record that a browser was erased: kept for the retention period, then deleted. */
  | 'tombstone'
  /** Holds nothing tied to a browser (aggregates, the provider's event ids, the server's own bookkeeping). */
  | 'none';

export interface TablePolicy {
  rows: RowPolicy;
  /** Columns that hold a browser's uid (ai_usage.key holds `supplemental:<uid>`). */
  uids?: readonly string[];
  /** Columns that hold an e-mail address. */
  emails?: readonly string[];
  /** Columns whose names look like a browser's id but hold something else, and what. */
  notBrowser?: Readonly<Record<string, string>>;
}

type Db = Kysely<Database>;
type Row = Record<string, unknown>;
export type ExportPages = AsyncGenerator<Row[]>;
/** A table of the export: its name in the document and its pages. */
export type ExportSection = readonly [name: string, pages: () => ExportPages];
export type TableName = keyof Database;

/** Where a browser's erasable rows are found: an indexed column, and the rows erasing keeps left out. */
export interface BrowserColumn {
  table: TableName;
  column: string;
  /** SQL over the table's own columns, a constant of the stage's code, never input. */
  filter?: string;
  /** What the column's values start with before the uid (ai_usage.key is `supplemental:<uid>`). */
  prefix?: string;
}

/** A stage's part of a student's data. */
export interface StageData {
  tables: Partial<Record<TableName, TablePolicy>>;
  /** The stage's tables in the export, in order; `versionsFrom` is the tombstone's versions mark (0 for none). */
  exportSections?: (db: Db, uid: string, versionsFrom: number) => ExportSection[];
  /** Erases what the stage holds for the uid, in short batches; run again harmlessly. */
  erase?: (db: Db, uid: string, versionsMark: number) => Promise<void>;
  /** Inside the tombstone's transaction: what must change at the very moment the student is erased. */
  onTombstone?: (trx: Transaction<Database>, uid: string, at: Date) => Promise<void>;
  /** When an expired tombstone goes: what the erasure left behind for it (an emptied document's row). */
  onTombstoneExpired?: (trx: Transaction<Database>, uid: string, erasedAt: Date) => Promise<void>;
  /** Where the retention purge finds browsers with rows in the stage's tables. */
  browsers?: readonly BrowserColumn[];
  /** SQL for the newest time the stage's tables tell of the browser named by the column `u.uid`. */
  lastActivity?: readonly RawBuilder<Date | null>[];
}

/** Everything a student's data is, gathered from the stages in their order. */
export interface StudentData {
  policy: Readonly<Record<TableName, TablePolicy>>;
  exportSections: (db: Db, uid: string, versionsFrom: number) => ExportSection[];
  eraseRows: (db: Db, uid: string, versionsMark: number) => Promise<void>;
  onTombstone: (trx: Transaction<Database>, uid: string, at: Date) => Promise<void>;
  onTombstoneExpired: (trx: Transaction<Database>, uid: string, erasedAt: Date) => Promise<void>;
  browsers: readonly BrowserColumn[];
  lastActivity: readonly RawBuilder<Date | null>[];
}

/** The foundation's own tables: the record of erasures and the server's bookkeeping (its keyed writes' answers: idempotentWrites.ts). */
const FOUNDATION_TABLES: Partial<Record<TableName, TablePolicy>> = {
  tombstones: { rows: 'tombstone', uids: ['uid'] },
  schema_migrations: { rows: 'none' },
  maintenance_leases: { rows: 'none' },
  // Daily storage counters under keyed hashes of a browser or a network (never a readable uid), kept one day.
  storage_usage: { rows: 'none', notBrowser: { key: 'a keyed hash of a browser or a network, never a readable uid' } },
};

/** Gathers the stages' declarations; a table declared twice is refused. */
export function studentDataOf(stages: ReadonlyArray<{ name: string; data?: StageData }>): StudentData {
  const policy: Partial<Record<TableName, TablePolicy>> = { ...FOUNDATION_TABLES };
  const all = [...stages, { name: 'foundation', data: idempotentWritesData }];
  const parts = all.flatMap((stage) => (stage.data ? [stage.data] : []));
  for (const stage of all) {
    for (const [table, tablePolicy] of Object.entries(stage.data?.tables ?? {}) as Array<[TableName, TablePolicy]>) {
      if (policy[table] !== undefined) throw new Error(`The table ${table} is declared twice (again by the ${stage.name} stage)`);
      policy[table] = tablePolicy;
    }
  }
  return {
    policy: policy as Record<TableName, TablePolicy>,
    exportSections: (db, uid, versionsFrom) => parts.flatMap((part) => part.exportSections?.(db, uid, versionsFrom) ?? []),
    eraseRows: async (db, uid, versionsMark) => {
      for (const part of parts) await part.erase?.(db, uid, versionsMark);
    },
    onTombstone: async (trx, uid, at) => {
      for (const part of parts) await part.onTombstone?.(trx, uid, at);
    },
    onTombstoneExpired: async (trx, uid, erasedAt) => {
      for (const part of parts) await part.onTombstoneExpired?.(trx, uid, erasedAt);
    },
    browsers: parts.flatMap((part) => part.browsers ?? []),
    lastActivity: parts.flatMap((part) => part.lastActivity ?? []),
  };
}

/** ai_usage counts a browser's supplemental essays under this key. */
export const supplementalKey = (uid: string): string => `supplemental:${uid}`;
