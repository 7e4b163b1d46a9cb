// The stages of the client, one line each: the only file of the app that imports a stage's folder. The store's
// slices and listeners, the routes with their guards and frames, the persistence lists, the form document, the
// header's links and the layout's slots are all read from this list (each stage declares itself in its own
// stage.ts; src/client-core/stage.ts says what a declaration holds). The order is the header's and the flow's.
import { adminStage } from '../features/admin/stage.ts';
import { analyticsStage } from '../features/analytics/stage.ts';
import { checkoutStage } from '../features/checkout/stage.ts';
import { coachStage } from '../features/coach/stage.ts';
import { collegePlanStage } from '../features/collegePlan/stage.ts';
import { commentsStage } from '../features/comments/stage.ts';
import { discountStage } from '../features/discount/stage.ts';
import { essayStage } from '../features/essay/stage.ts';
import { essayTypeStage } from '../features/essayType/stage.ts';
import { feedbackStage } from '../features/feedback/stage.ts';
import { followupStage } from '../features/followup/stage.ts';
import { landingStage } from '../features/landing/stage.ts';
import { referralsStage } from '../features/referrals/stage.ts';
import { sharedComputerStage } from '../features/sharedComputer/stage.ts';
import { supplementalStage } from '../features/supplemental/stage.ts';
import { topicsStage } from '../features/topics/stage.ts';
import { wizardStage } from '../features/wizard/stage.ts';

export const STAGES = [
  wizardStage, essayTypeStage, topicsStage, followupStage, essayStage, supplementalStage, coachStage, collegePlanStage, commentsStage,
  referralsStage, sharedComputerStage,
  checkoutStage, discountStage, feedbackStage, analyticsStage, adminStage, landingStage,
] as const;
