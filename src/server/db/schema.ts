// Kysely's view of the tables the migrations create. Integers and timestamptz only: pg returns int8 as strings.
import type { Generated } from 'kysely';
import type { Plan } from '../../shared/contract.ts';
import type { PaymentsTables } from './paymentsSchema.ts';

export interface EntitlementsTable {
  uid: string;
  plan: Plan;
  /** Who set the plan: 'admin' now; the payments issue adds its own sources. */
  source: string;
  updated_at: Date;
}

export interface FormsTable {
  uid: string;
  document: unknown;
  revision: number;
  updated_at: Date;
}

export interface AdminAuditTable {
  id: Generated<number>;
  uid: string;
  plan: Plan;
  reason: string | null;
  at: Date;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

/** Calls counted per UTC day and key ('all', or 'supplemental:<uid>'). */
export interface AiUsageTable {
  day: string;
  key: string;
  count: number;
}

export interface Database {
  entitlements: EntitlementsTable;
  forms: FormsTable;
  admin_audit: AdminAuditTable;
  schema_migrations: SchemaMigrationsTable;
  ai_usage: AiUsageTable;
}

// The payments tables (issue 5) join the database through declaration merging, one self-contained block.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into Database above
export interface Database extends PaymentsTables {}
