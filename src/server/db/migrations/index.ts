// The schema's foundation: the migrations that shipped before the stages had folders, each creating tables
// several stages share. They keep their names (the database records them); a stage's own migrations live in its
// folder (src/server/stages/<stage>/migrations/), and src/server/migrations.ts puts them all in order.
// Never edit one that has shipped.
import * as initial from './001_initial.ts';
import * as aiUsage from './002_ai_usage.ts';
import * as payments from './003_payments.ts';
import * as insights from './004_insights.ts';
import * as moneyIntegrity from './005_money_integrity.ts';
import * as studentData from './007_student_data.ts';
import * as storageUsage from './008_storage_usage.ts';
import * as idempotentWrites from './013_idempotent_writes.ts';

export interface Migration {
  name: string;
  sql: string;
}

export const foundationMigrations: readonly Migration[] = [initial, aiUsage, payments, insights, moneyIntegrity, studentData, storageUsage,
  idempotentWrites];
