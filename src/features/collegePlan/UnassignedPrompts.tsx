// "Not assigned to a college": the prompts the student already wrote for (supplemental essays, the coach's
// supplemental draft), each with its word limit and versions, and where to assign it. Assigned, it becomes one
// of the college's prompts under the same essay key, so its versions stay its drafts.
import { useId, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { classifyPrompt } from '../../common/collegePlan/classifyPrompt.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { Button } from '../../ui/index.ts';
import type { CoachRootState } from '../coach/index.ts';
import { selectSupplementalEssays } from '../supplemental/index.ts';
import { type College, promptAdded, selectCollegePlan } from './collegePlanSlice.ts';
import { existingPrompts, type ExistingPrompt } from './existingPrompts.ts';
import { newId } from './newId.ts';
import { limitText } from './PromptItem.tsx';
import { useDraftsByKey } from './promptDrafts.ts';

const versionsText = (count: number): string => (count === 1 ? '1 version' : `${count} versions`);

function UnassignedPrompt({ prompt, number, colleges }: { prompt: ExistingPrompt; number: number; colleges: readonly College[] }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const open = colleges.filter((college) => college.prompts.length < COLLEGE_PLAN_LIMITS.promptsPerCollege);
  const [collegeId, setCollegeId] = useState('');
  const chosen = open.find((college) => college.id === collegeId) ?? open[0];
  const label = `unassigned prompt ${number}`;
  return (
    <li className="college-prompt" aria-label={`Unassigned prompt ${number}`}>
      <p className="college-prompt__text">{prompt.text}</p>
      <p className="college-prompt__meta">{limitText(prompt.wordLimit)} · {versionsText(prompt.versions)}</p>
      {open.length === 0
        ? <p className="college-prompt__meta">Add a college with room for a prompt to assign this one.</p>
        : (
            <div className="college-prompt__controls">
              <label htmlFor={`${id}-college`}>College for {label}</label>
              <select id={`${id}-college`} value={chosen?.id} onChange={(event) => setCollegeId(event.target.value)}>
                {open.map((college) => <option key={college.id} value={college.id}>{college.name}</option>)}
              </select>
              <Button variant="secondary" onClick={() => {
                if (!chosen) return;
                const { text, wordLimit, sourceKey } = prompt;
                dispatch(promptAdded({ id: newId(), collegeId: chosen.id, text, wordLimit, sourceKey, suggestedType: classifyPrompt({ text, wordLimit }).type }));
              }}
              >
                Assign {label}
              </Button>
            </div>
          )}
    </li>
  );
}

export function UnassignedPrompts() {
  const plan = useAppSelector(selectCollegePlan);
  const essays = useAppSelector(selectSupplementalEssays);
  const coach = useAppSelector((state: CoachRootState) => state.coach);
  const drafts = useDraftsByKey();
  const prompts = existingPrompts({ essays, coach, drafts, plan });
  if (prompts.length === 0) return null;
  return (
    <section aria-labelledby="unassigned-prompts-title">
      <h2 id="unassigned-prompts-title">Not assigned to a college</h2>
      <p>Prompts you already wrote for. Assign each to its college: its versions stay its drafts.</p>
      <ol className="college-prompts" aria-label="Not assigned to a college">
        {prompts.map((prompt, index) => (
          <UnassignedPrompt key={prompt.sourceKey} prompt={prompt} number={index + 1} colleges={plan.colleges} />
        ))}
      </ol>
    </section>
  );
}
