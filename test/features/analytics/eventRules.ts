// Every stage's analytics rows, as the app loads them from the list of stages once its page is live.
import { STAGES } from '../../../src/app/stages.ts';
import { loadEventRules } from '../../../src/features/analytics/eventMap.ts';

export const EVENT_RULES = await loadEventRules(STAGES);
