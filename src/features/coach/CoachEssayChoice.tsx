// Which essay the draft is: the personal statement (650 words), an answer to a supplemental prompt with the word
// limit the college asks for, or one of the college planner's prompts, whose revisions are kept under its id
// (`coach-prompt-<id>`) whatever its text or limit becomes here, so they stay the planner prompt's drafts. A limit
// being typed stays in the field until it is a whole number in range. A prompt with no limit is reviewed with
// "No length check" (no length rules, no paragraph targets), which the student may also choose for any prompt.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COACH_MAX_WORD_LIMIT, COACH_MIN_WORD_LIMIT, COACH_PROMPT_MAX } from '../../common/coach/limits.ts';
import { TextAreaField, WordLimitField } from '../../ui/index.ts';
import { type CoachablePrompt, type CollegePlanRootState, selectCoachablePrompts } from '../collegePlan/index.ts';
import { NO_LENGTH_CHECK } from './coachLabels.ts';
import { coachEssayChanged, SUPPLEMENTAL_DEFAULT_LIMIT, selectCoach } from './coachSlice.ts';

const isCoachWordLimit = (value: number): boolean =>
  Number.isInteger(value) && value >= COACH_MIN_WORD_LIMIT && value <= COACH_MAX_WORD_LIMIT;
const limitName = (wordLimit: number | null): string => (wordLimit === null ? NO_LENGTH_CHECK : `${wordLimit} words`);

type Choice = 'personal' | 'supplemental' | 'planner';

const KINDS: Array<{ choice: Choice; label: string }> = [
  { choice: 'personal', label: 'Personal statement (650 words)' },
  { choice: 'supplemental', label: 'Supplemental answer' },
  { choice: 'planner', label: 'A prompt on your college list' },
];

const firstLine = (text: string): string => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

export function CoachEssayChoice() {
  const dispatch = useAppDispatch();
  const { kind, prompt, wordLimit, promptId } = useAppSelector(selectCoach);
  const prompts = useAppSelector((state: CollegePlanRootState) => selectCoachablePrompts(state));
  const [limitText, setLimitText] = useState(String(wordLimit ?? SUPPLEMENTAL_DEFAULT_LIMIT));
  const choice: Choice = kind === 'personal' ? 'personal' : promptId === undefined ? 'supplemental' : 'planner';
  const current = prompts.find((candidate) => candidate.id === promptId);
  const open = (chosen: CoachablePrompt): void => {
    if (chosen.wordLimit !== null) setLimitText(String(chosen.wordLimit));
    dispatch(coachEssayChanged({
      kind: 'supplemental', prompt: chosen.text, wordLimit: chosen.wordLimit, promptId: chosen.id,
      ...(chosen.sourceKey ? { promptSourceKey: chosen.sourceKey } : {}),
    }));
  };
  const choose = (next: Choice): void => {
    if (next === 'planner') {
      if (prompts[0]) open(prompts[0]);
      return;
    }
    dispatch(coachEssayChanged({ kind: next }));
  };
  const kinds = KINDS.filter((option) => option.choice !== 'planner' || prompts.length > 0 || choice === 'planner');

  return (
    <div className="coach-choice">
      <fieldset className="coach-choice__kinds">
        <legend>Which essay is this?</legend>
        {kinds.map((option) => (
          <label key={option.choice} className="coach-choice__kind">
            <input type="radio" name="coach-kind" value={option.choice} checked={choice === option.choice} onChange={() => choose(option.choice)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {choice === 'planner' && (
        <div className="coach-choice__planner">
          <label htmlFor="coach-planner-prompt">Prompt on your college list</label>
          <select
            id="coach-planner-prompt"
            value={promptId}
            onChange={(event) => {
              const chosen = prompts.find((candidate) => candidate.id === event.target.value);
              if (chosen) open(chosen);
            }}
          >
            {/* A prompt since removed from the list keeps its drafts; the draft stays on it until another is chosen. */}
            {!current && <option value={promptId}>No longer on your college list: {firstLine(prompt)}</option>}
            {prompts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>{candidate.label}: {firstLine(candidate.text)} ({limitName(candidate.wordLimit)})</option>
            ))}
          </select>
        </div>
      )}
      {kind === 'supplemental' && (
        <>
          <TextAreaField
            label="The college's prompt"
            rows={3}
            maxLength={COACH_PROMPT_MAX}
            value={prompt}
            error={prompt.trim() === '' ? 'Paste the prompt, so the coach can tell whether the answer answers it.' : null}
            onChange={(event) => dispatch(coachEssayChanged({ prompt: event.target.value }))}
          />
          <label className="coach-choice__kind">
            <input
              type="checkbox"
              checked={wordLimit === null}
              onChange={(event) => {
                const typed = Number(limitText);
                dispatch(coachEssayChanged({ wordLimit: event.target.checked ? null : isCoachWordLimit(typed) ? typed : SUPPLEMENTAL_DEFAULT_LIMIT }));
                if (!event.target.checked && !isCoachWordLimit(typed)) setLimitText(String(SUPPLEMENTAL_DEFAULT_LIMIT));
              }}
            />
            No length check
          </label>
          {wordLimit === null ? <p className="page-hint">Word limit: {NO_LENGTH_CHECK}.</p> : (
            <WordLimitField
              label="Word limit"
              min={COACH_MIN_WORD_LIMIT}
              max={COACH_MAX_WORD_LIMIT}
              value={limitText}
              error={isCoachWordLimit(Number(limitText)) ? null : `The word limit must be a whole number from ${COACH_MIN_WORD_LIMIT} to ${COACH_MAX_WORD_LIMIT}.`}
              onChange={(text) => {
                setLimitText(text);
                if (isCoachWordLimit(Number(text))) dispatch(coachEssayChanged({ wordLimit: Number(text) }));
              }}
            />
          )}
        </>
      )}
    </div>
  );
}
