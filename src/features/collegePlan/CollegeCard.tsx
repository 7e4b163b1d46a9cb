// A college of the list: its name, round and deadline (edit, remove), its prompts and the form to add one.
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { APPLICATION_ROUND_NAMES } from '../../common/collegePlan/vocabulary.ts';
import { Button } from '../../ui/index.ts';
import { CollegeForm } from './CollegeForm.tsx';
import { type College, collegeEdited, collegeRemoved, promptAdded, type Story } from './collegePlanSlice.ts';
import type { SameStory } from './planChecks.ts';
import { newId } from './newId.ts';
import { PromptForm } from './PromptForm.tsx';
import { PromptItem } from './PromptItem.tsx';

export function CollegeCard({ college, stories, sameStory }: {
  college: College; stories: readonly Story[]; sameStory: ReadonlyMap<string, SameStory>;
}) {
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState(false);
  const full = college.prompts.length >= COLLEGE_PLAN_LIMITS.promptsPerCollege;
  return (
    <li className="college-card" aria-label={college.name}>
      {editing ? (
        <CollegeForm
          initial={college} submitLabel={`Save ${college.name}`} onCancel={() => setEditing(false)}
          onSubmit={(fields) => {
            dispatch(collegeEdited({ id: college.id, ...fields }));
            setEditing(false);
          }}
        />
      ) : (
        <div className="college-card__head">
          <h3>{college.name}</h3>
          <p>{APPLICATION_ROUND_NAMES[college.round]} · Deadline {college.deadline}</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>Edit {college.name}</Button>
          <Button variant="ghost" onClick={() => dispatch(collegeRemoved(college.id))}>Remove {college.name}</Button>
        </div>
      )}
      {college.prompts.length > 0 && (
        <ol className="college-prompts" aria-label={`Prompts for ${college.name}`}>
          {college.prompts.map((prompt, index) => (
            <PromptItem key={prompt.id} college={college} prompt={prompt} number={index + 1} stories={stories} sameStoryAs={sameStory.get(prompt.id)} />
          ))}
        </ol>
      )}
      {full
        ? <p>This college has {COLLEGE_PLAN_LIMITS.promptsPerCollege} prompts, the most a college may have here.</p>
        : <PromptForm collegeName={college.name} onSubmit={(fields) => dispatch(promptAdded({ id: newId(), collegeId: college.id, ...fields }))} />}
    </li>
  );
}
