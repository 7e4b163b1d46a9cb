// Kysely's view of the tables the migrations create. Integers and timestamptz only: pg returns int8 as strings.
import type { ColumnType, Generated } from 'kysely';
import type { CoachVersionData } from '../../common/coach/schema.ts';
import type { Plan } from '../../common/contract/contract.ts';
import type { PaymentsTables } from './paymentsSchema.ts';

export interface EntitlementsTable {
  uid: string;
  plan: Plan;
  /** Who set the plan last: 'admin' (an operator), 'purchase' (a paid checkout) or 'refund' (a refund or dispute). */
  source: string;
  updated_at: Date;
}

export interface FormsTable {
  uid: string;
  document: unknown;
  revision: number;
  updated_at: Date;
}

/** The college planner's document of a browser: null after an erasure, until its tombstone expires. */
export interface CollegePlansTable {
  uid: string;
  document: unknown;
  revision: number;
  updated_at: Date;
}

/** One kept version of an essay; rows are only added (and pruned past the newest 50 per essay). */
export interface EssayVersionsTable {
  uid: string;
  id: string;
  essay_key: string;
  /** A coach revision is stored as 'edited' and told apart by `coach` (see migration 009). */
  kind: 'generated' | 'edited';
  text: string;
  at: Date;
  revision: Generated<number>;
  stored_at: Generated<Date>;
  /** A coach revision's rules version and model questions (CoachVersionData); null on every other version. */
  coach: ColumnType<CoachVersionData | null, CoachVersionData | null | undefined, never>;
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

/** Bytes and rows a route added on one UTC day for one browser or network (the daily storage budgets). */
export interface StorageUsageTable {
  day: string;
  key: string;
  /** bigint: read back as a string. */
  added_bytes: ColumnType<string, number, number>;
  added_rows: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  uid: string | null;
  type: 'bug' | 'feature' | 'praise' | 'general';
  rating: number;
  message: string;
  email: string | null;
  page: string;
  url: string;
  user_agent: string;
  created_at: Generated<Date>;
}

export interface EventsTable {
  /** bigint, read as a number by both drivers (see connection.ts). */
  id: Generated<number>;
  uid: string;
  name: string;
  params: unknown;
  occurred_at: Date;
  received_at: Date;
}

export interface EventDailyTable {
  day: string;
  metric: string;
  value: number;
}

export interface FunnelUsersTable {
  step: string;
  uid: string;
  first_at: Date;
}

export interface DailyVisitorsTable {
  day: string;
  uid: string;
}

export interface PurchasesTable {
  transaction_id: string;
  uid: string;
  value_cents: number;
  discount_applied: boolean;
  at: Date;
  /** Set when the payment was refunded or disputed: revenue is counted net of these. */
  refunded_at: Generated<Date | null>;
}

/** "Delete my data" or the retention purge erased this browser's data at `erased_at` (kept for the retention period). */
export interface TombstonesTable {
  uid: string;
  erased_at: Date;
  /** Essay versions of this uid with a lower revision were erased; a device based below it read them before. */
  versions_revision: number;
  /** Null while the batches of the erasure are still under way (the next purge finishes them). */
  finished_at: Date | null;
}

/** One row per maintenance job: the instance whose lease runs until `held_until` does it. */
export interface MaintenanceLeasesTable {
  name: string;
  held_until: Date;
}

/** A keyed write's answer, kept a day so the same key sent again is answered the same (status null: under way). */
export interface IdempotentWritesTable {
  uid: string;
  idempotency_key: string;
  route: string;
  request_hash: string;
  status: number | null;
  response: unknown;
  created_at: Date;
}

export interface Database {
  entitlements: EntitlementsTable;
  forms: FormsTable;
  college_plans: CollegePlansTable;
  essay_versions: EssayVersionsTable;
  admin_audit: AdminAuditTable;
  schema_migrations: SchemaMigrationsTable;
  ai_usage: AiUsageTable;
  storage_usage: StorageUsageTable;
  feedback: FeedbackTable;
  events: EventsTable;
  event_daily: EventDailyTable;
  funnel_users: FunnelUsersTable;
  daily_visitors: DailyVisitorsTable;
  purchases: PurchasesTable;
  tombstones: TombstonesTable;
  maintenance_leases: MaintenanceLeasesTable;
  idempotent_writes: IdempotentWritesTable;
}

// The payments tables join the database through declaration merging, one self-contained block.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into Database above
export interface Database extends PaymentsTables {}
