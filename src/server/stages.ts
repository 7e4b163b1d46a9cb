// Every server stage, one line each: app.ts registers their routes in this order, the migrations gather
// theirs from here, and a student's data is the stages' tables in this order. Adding a stage is its folder
// under stages/ and its line below.
import { studentDataOf } from './db/studentData.ts';
import type { ServerStage } from './stage.ts';
import { adminStage } from './stages/admin/index.ts';
import { analyticsStage } from './stages/analytics/index.ts';
import { checkoutStage } from './stages/checkout/index.ts';
import { coachStage } from './stages/coach/index.ts';
import { collegePlanStage } from './stages/collegePlan/index.ts';
import { devicesStage } from './stages/devices/index.ts';
import { discountStage } from './stages/discount/index.ts';
import { essayStage } from './stages/essay/index.ts';
import { feedbackStage } from './stages/feedback/index.ts';
import { referralsStage } from './stages/referrals/index.ts';
import { sharesStage } from './stages/shares/index.ts';
import { topicsStage } from './stages/topics/index.ts';
import { wizardStage } from './stages/wizard/index.ts';

export const serverStages: readonly ServerStage[] = [
  wizardStage,
  topicsStage,
  essayStage,
  coachStage,
  collegePlanStage,
  checkoutStage,
  discountStage,
  referralsStage,
  feedbackStage,
  analyticsStage,
  adminStage,
  devicesStage,
  sharesStage,
];

/** A student's data, table by table, as the stages declare it: what the export, the erasure and the purge do. */
export const studentData = studentDataOf(serverStages);
