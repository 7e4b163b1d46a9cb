// Every migration in the order it runs. Add a file NNN_name.ts exporting `name` and `sql`, then list it here;
// never edit one that has shipped.
import * as initial from './001_initial.ts';
import * as aiUsage from './002_ai_usage.ts';
import * as payments from './003_payments.ts';
import * as insights from './004_insights.ts';
import * as moneyIntegrity from './005_money_integrity.ts';
import * as essayVersions from './006_essay_versions.ts';
import * as studentData from './007_student_data.ts';
import * as storageUsage from './008_storage_usage.ts';
import * as coachRevisions from './009_coach_revisions.ts';

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [initial, aiUsage, payments, insights, moneyIntegrity, essayVersions, studentData, storageUsage, coachRevisions];
