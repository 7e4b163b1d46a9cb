// /colleges: the college planner. Every college the student applies to with its round and deadline, each
// college's prompts with their suggested type, the story bank, every prompt in one grid, the checks across the
// list, and the deadlines as a calendar file. Always open; kept on the device like every answer.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { jsonbTextBytes } from '../../common/limits/storedBytes.ts';
import { Alert, Button, saveFile } from '../../ui/index.ts';
import { CollegeCard } from './CollegeCard.tsx';
import { CollegeForm } from './CollegeForm.tsx';
import { collegeAdded, collegePlanOpened, collegeRemovalUndone, selectCollegePlan, selectRemovedCollege } from './collegePlanSlice.ts';
import type { CollegePlanRequestsRootState } from './collegePlanRequests.ts';
import { newId } from './newId.ts';
import { PlanChecks } from './PlanChecks.tsx';
import { PlanGrid } from './PlanGrid.tsx';
import { byDeadline, sameStoryPrompts } from './planChecks.ts';
import { StoryBank } from './StoryBank.tsx';
import { UnassignedPrompts } from './UnassignedPrompts.tsx';
import './collegePlan.css';

const L = COLLEGE_PLAN_LIMITS;
/** The page warns from this share of the size limit on. */
const WARN_AT = 0.9;

const todayText = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export default function CollegePlanPage() {
  const dispatch = useAppDispatch();
  const plan = useAppSelector(selectCollegePlan);
  const removed = useAppSelector(selectRemovedCollege);
  const syncError = useAppSelector((state: CollegePlanRequestsRootState) => state.collegePlanRequests.error);
  useEffect(() => { dispatch(collegePlanOpened()); }, [dispatch]);
  const bytes = jsonbTextBytes(plan);
  const sameStory = sameStoryPrompts(plan);

  const downloadCalendar = async () => {
    const { collegeCalendar } = await import('../../common/collegePlan/calendar.ts');
    const calendar = collegeCalendar(plan, new Date());
    if ('value' in calendar) saveFile(new Blob([calendar.value], { type: 'text/calendar' }), 'college-deadlines.ics');
  };

  return (
    <section className="page college-plan" aria-labelledby="college-plan-title">
      <h1 id="college-plan-title">Your colleges</h1>
      <p>List every college with its supplemental prompts. Prompts of one type can share one core draft; each college should hear a different story.</p>
      {syncError && <Alert tone="warning">Your college list is saved on this device; saving it online failed: {syncError}</Alert>}
      <PlanChecks plan={plan} today={todayText()} />
      {removed && (
        <Alert tone="info">
          {removed.name} was removed. <Button variant="secondary" onClick={() => dispatch(collegeRemovalUndone())}>Undo</Button>
        </Alert>
      )}
      <section aria-labelledby="college-list-title">
        <h2 id="college-list-title">Colleges, nearest deadline first</h2>
        {plan.colleges.length > 0 && (
          <ul className="college-list" aria-label="Your colleges">
            {byDeadline(plan.colleges).map((college) => <CollegeCard key={college.id} college={college} stories={plan.stories} sameStory={sameStory} />)}
          </ul>
        )}
        {plan.colleges.length >= L.colleges
          ? <p>Your list holds {L.colleges} colleges, the most it may hold.</p>
          : <CollegeForm submitLabel="Add a college" onSubmit={(fields) => dispatch(collegeAdded({ id: newId(), ...fields }))} />}
      </section>
      <UnassignedPrompts />
      <StoryBank stories={plan.stories} />
      <PlanGrid colleges={byDeadline(plan.colleges)} stories={plan.stories} />
      <div className="page-actions">
        <Button variant="secondary" disabled={plan.colleges.length === 0} onClick={() => void downloadCalendar()}>Download calendar (.ics)</Button>
      </div>
      <p className="college-plan__size">
        Your college list takes {Math.ceil(bytes / 1024)} KB of the {L.documentBytes / 1024} KB it may take.
      </p>
      {bytes >= WARN_AT * L.documentBytes && (
        <Alert tone="warning">Your college list is close to its {L.documentBytes / 1024} KB limit: shorten or remove prompts you no longer need.</Alert>
      )}
    </section>
  );
}
