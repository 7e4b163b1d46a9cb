// Which essay the draft is: the personal statement (650 words), or an answer to a supplemental prompt with
// the word limit the college asks for. A limit being typed stays in the field until it is a whole number in range.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COACH_PROMPT_MAX } from '../../common/coach/limits.ts';
import { TextAreaField, WordLimitField, WORD_LIMIT_RANGE, isWordLimit } from '../../ui/index.ts';
import { coachEssayChanged, selectCoach } from './coachSlice.ts';
import type { CoachEssayKind } from './coachSlice.ts';

const KINDS: Array<{ kind: CoachEssayKind; label: string }> = [
  { kind: 'personal', label: 'Personal statement (650 words)' },
  { kind: 'supplemental', label: 'Supplemental answer' },
];

export function CoachEssayChoice() {
  const dispatch = useAppDispatch();
  const { kind, prompt, wordLimit } = useAppSelector(selectCoach);
  const [limitText, setLimitText] = useState(String(wordLimit));

  return (
    <div className="coach-choice">
      <fieldset className="coach-choice__kinds">
        <legend>Which essay is this?</legend>
        {KINDS.map((option) => (
          <label key={option.kind} className="coach-choice__kind">
            <input
              type="radio"
              name="coach-kind"
              value={option.kind}
              checked={kind === option.kind}
              onChange={() => dispatch(coachEssayChanged({ kind: option.kind }))}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
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
          <WordLimitField
            label="Word limit"
            value={limitText}
            error={isWordLimit(Number(limitText)) ? null : `The word limit must be ${WORD_LIMIT_RANGE}.`}
            onChange={(text) => {
              setLimitText(text);
              if (isWordLimit(Number(text))) dispatch(coachEssayChanged({ wordLimit: Number(text) }));
            }}
          />
        </>
      )}
    </div>
  );
}
