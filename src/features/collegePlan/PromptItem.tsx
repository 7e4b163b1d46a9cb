// One prompt of a college: its text and limit, the suggested type with its reason (the student may choose
// another; their choice wins), the story it tells, its status, and what the checks say about it.
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { supplementalEssayKey } from '../../client-core/essayVersions.ts';
import { paths } from '../../client-core/routes.ts';
import { classifyPrompt } from '../../common/collegePlan/classifyPrompt.ts';
import { PROMPT_TYPE_NAMES, PROMPT_TYPES, type PromptType } from '../../common/collegePlan/promptTypes.ts';
import { PROMPT_STATUS_NAMES, PROMPT_STATUSES, type PromptStatus } from '../../common/collegePlan/vocabulary.ts';
import { Button, isWordLimit } from '../../ui/index.ts';
import { coachEssayChanged } from '../coach/index.ts';
import type { SupplementalStart } from '../supplemental/index.ts';
import {
  type College, type CollegePrompt, promptRemoved, promptSourceKeyKept, promptStatusChanged, promptStoryAssigned, promptType, promptTypeChosen, selectCollegePlan, type Story,
} from './collegePlanSlice.ts';
import { draftWarnings, warningText } from './draftChecks.ts';
import type { SameStory } from './planChecks.ts';
import { promptDrafts, shownStatus, useDraftsByKey } from './promptDrafts.ts';

export const limitText = (wordLimit: number | null): string => (wordLimit === null ? 'No limit' : `${wordLimit} words`);

export function PromptItem({ college, prompt, number, stories, sameStoryAs }: {
  college: College; prompt: CollegePrompt; number: number; stories: readonly Story[]; sameStoryAs: SameStory | undefined;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const id = useId();
  const suggestion = classifyPrompt(prompt);
  const label = `prompt ${number}`;
  const story = stories.find((candidate) => candidate.id === prompt.storyId);
  const drafts = promptDrafts(useDraftsByKey(), prompt);
  const plan = useAppSelector(selectCollegePlan);
  const warnings = drafts[0] ? draftWarnings(plan, college, prompt, drafts[0].text) : [];
  return (
    <li className="college-prompt" aria-label={`Prompt ${number}`}>
      <p className="college-prompt__text">{prompt.text}</p>
      <p className="college-prompt__meta">
        {limitText(prompt.wordLimit)}
        {drafts.length > 0 && <> · {drafts.length === 1 ? '1 draft' : `${drafts.length} drafts`} saved</>}
      </p>
      <p className="college-prompt__meta">
        Suggested type: <strong>{PROMPT_TYPE_NAMES[prompt.suggestedType]}</strong>. {suggestion.reason}
        {prompt.chosenType !== null && <> You chose {PROMPT_TYPE_NAMES[prompt.chosenType]}.</>}
      </p>
      <div className="college-prompt__controls">
        <label htmlFor={`${id}-type`}>Type of {label}</label>
        <select id={`${id}-type`} value={promptType(prompt)} onChange={(event) => dispatch(promptTypeChosen({ id: prompt.id, type: event.target.value as PromptType }))}>
          {PROMPT_TYPES.map((type) => <option key={type} value={type}>{PROMPT_TYPE_NAMES[type]}</option>)}
        </select>
        <label htmlFor={`${id}-story`}>Story for {label}</label>
        <select id={`${id}-story`} value={prompt.storyId ?? ''} onChange={(event) => dispatch(promptStoryAssigned({ id: prompt.id, storyId: event.target.value || null }))}>
          <option value="">No story yet</option>
          {stories.map((candidate) => <option key={candidate.id} value={candidate.id}>{candidate.title}</option>)}
        </select>
        <label htmlFor={`${id}-status`}>Status of {label}</label>
        <select id={`${id}-status`} value={shownStatus(prompt, drafts)} onChange={(event) => dispatch(promptStatusChanged({ id: prompt.id, status: event.target.value as PromptStatus }))}>
          {PROMPT_STATUSES.map((status) => <option key={status} value={status}>{PROMPT_STATUS_NAMES[status]}</option>)}
        </select>
        {/* The coach takes every limit the planner does, and a prompt with no limit is reviewed with no length check. */}
        <Button variant="secondary" onClick={() => {
          dispatch(coachEssayChanged({ kind: 'supplemental', prompt: prompt.text, wordLimit: prompt.wordLimit, promptId: prompt.id, ...(prompt.sourceKey ? { promptSourceKey: prompt.sourceKey } : {}) }));
          void navigate(paths.coach);
        }}
        >
          Write {label} with the coach
        </Button>
        {/* The supplemental flow writes 50 to 1,000 words; a sample's versions become the prompt's drafts. */}
        {prompt.wordLimit !== null && isWordLimit(prompt.wordLimit) && (
          <Button variant="secondary" onClick={() => {
            const start: SupplementalStart = { prompt: prompt.text.trim(), wordCount: prompt.wordLimit! };
            dispatch(promptSourceKeyKept({ id: prompt.id, sourceKey: supplementalEssayKey(start.prompt, start.wordCount) }));
            void navigate(paths.supplemental, { state: start });
          }}
          >
            Generate a sample for {label}
          </Button>
        )}
        <Button variant="ghost" onClick={() => dispatch(promptRemoved(prompt.id))}>Remove {label}</Button>
      </div>
      {warnings.map((warning) => <p key={warning.kind} className="college-warning" role="note">{warningText(warning)}</p>)}
      {sameStoryAs && story && (
        <p className="college-warning" role="note">
          Tells the same story as {sameStoryAs.kind === 'personalStatement' ? 'your personal statement' : <>“{firstLine(sameStoryAs.prompt.text)}”</>}: {story.title}.
        </p>
      )}
    </li>
  );
}

const firstLine = (text: string): string => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};
