// Which essay the draft is: the personal statement (650 words), or an answer to a supplemental prompt with
// the word limit the college asks for. A limit being typed stays in the field until it is a whole number in range.
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COACH_PROMPT_MAX, COACH_WORD_LIMIT_MAX, COACH_WORD_LIMIT_MIN } from '../../common/coach/limits.ts';
import { Field, TextAreaField } from '../../ui/index.ts';
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
  const limit = Number(limitText);
  const limitValid = Number.isInteger(limit) && limit >= COACH_WORD_LIMIT_MIN && limit <= COACH_WORD_LIMIT_MAX;

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
          <Field
            label="Word limit"
            hint={`A whole number from ${COACH_WORD_LIMIT_MIN} to ${COACH_WORD_LIMIT_MAX}, as the college asks.`}
            type="number"
            inputMode="numeric"
            min={COACH_WORD_LIMIT_MIN}
            max={COACH_WORD_LIMIT_MAX}
            step={1}
            value={limitText}
            error={limitValid ? null : `The word limit must be a whole number from ${COACH_WORD_LIMIT_MIN} to ${COACH_WORD_LIMIT_MAX}.`}
            onChange={(event) => {
              setLimitText(event.target.value);
              const next = Number(event.target.value);
              if (Number.isInteger(next) && next >= COACH_WORD_LIMIT_MIN && next <= COACH_WORD_LIMIT_MAX) {
                dispatch(coachEssayChanged({ wordLimit: next }));
              }
            }}
          />
        </>
      )}
    </div>
  );
}
