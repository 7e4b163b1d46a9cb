// What the page says about the list as a whole: the deadlines within 7 days first, then the reuse groups.
import { PROMPT_TYPE_NAMES } from '../../common/collegePlan/promptTypes.ts';
import { APPLICATION_ROUND_NAMES } from '../../common/collegePlan/vocabulary.ts';
import type { CollegePlan } from '../../common/collegePlan/schema.ts';
import { daysUntil, dueWithinAWeek, reuseGroups } from './planChecks.ts';

const inDays = (days: number): string => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

export function PlanChecks({ plan, today }: { plan: CollegePlan; today: string }) {
  const soon = dueWithinAWeek(plan.colleges, today);
  const groups = reuseGroups(plan);
  if (soon.length === 0 && groups.length === 0) return null;
  return (
    <section aria-labelledby="plan-checks-title" className="plan-checks">
      <h2 id="plan-checks-title">Checks</h2>
      {soon.length > 0 && (
        <ul aria-label="Deadlines within 7 days">
          {soon.map((college) => (
            <li key={college.id} className="college-warning">
              {college.name}: {APPLICATION_ROUND_NAMES[college.round]} deadline {inDays(daysUntil(college.deadline, today))} ({college.deadline}).
            </li>
          ))}
        </ul>
      )}
      {groups.map((group) => (
        <div key={group.type} role="group" aria-label={`${PROMPT_TYPE_NAMES[group.type]} reuse group`}>
          <p><strong>Reuse group: write one core draft, then adapt it</strong> ({PROMPT_TYPE_NAMES[group.type]}, {group.prompts.length} prompts)</p>
          <ul>{group.prompts.map(({ college, prompt }) => <li key={prompt.id}>{college.name}: {prompt.text.split('\n', 1)[0]}</li>)}</ul>
        </div>
      ))}
    </section>
  );
}
