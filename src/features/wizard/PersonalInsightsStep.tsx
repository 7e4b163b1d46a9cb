// Step 5: the five insight questions (500 characters each) and the optional writing sample (2000).
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { INSIGHT_CHAR_LIMIT, WRITING_SAMPLE_CHAR_LIMIT } from '../../common/limits/limits.ts';
import { INSIGHT_KEYS, INSIGHT_QUESTIONS } from '../../common/questionnaire/questionnaire.ts';
import type { InsightKey } from '../../common/questionnaire/questionnaire.ts';
import { codePointLength } from '../../common/text/codePoints.ts';
import { Field, TextAreaField } from '../../ui/index.ts';
import { CharCount } from './fields.tsx';
import {
  insightChanged, selectInsight, selectWritingSample, writingSampleTextChanged, writingSampleTitleChanged,
} from './wizardSlice.ts';

export function PersonalInsightsStep() {
  return (
    <>
      <p className="wizard-hint">
        Answer the questions that speak to you; none is required. Short, specific stories work best.
      </p>
      {INSIGHT_KEYS.map((key) => <InsightField key={key} insight={key} />)}
      <WritingSampleFields />
    </>
  );
}

function InsightField({ insight }: { insight: InsightKey }) {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectInsight(state, insight));
  return (
    <CountedTextArea
      label={INSIGHT_QUESTIONS[insight]}
      limit={INSIGHT_CHAR_LIMIT}
      rows={4}
      value={value}
      onChange={(next) => dispatch(insightChanged({ key: insight, value: next }))}
    />
  );
}

type CountedProps = { label: string; limit: number; rows: number; value: string; onChange: (value: string) => void };

/**
 * No native `maxlength`: browsers count it in UTF-16 units, where an emoji is two, while the limit (here and
 * on the server) is in code points. The slice cuts what goes over; the counter counts the same way.
 */
function CountedTextArea({ label, limit, rows, value, onChange }: CountedProps) {
  const countId = useId();
  return (
    <div className="wizard-counted">
      <TextAreaField
        label={label}
        rows={rows}
        aria-describedby={countId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <CharCount id={countId} length={codePointLength(value)} limit={limit} />
    </div>
  );
}

function WritingSampleFields() {
  const id = useId();
  return (
    <fieldset className="wizard-group" aria-describedby={`${id}-hint`}>
      <legend>Writing sample (optional)</legend>
      <p id={`${id}-hint`} className="ui-field__hint">
        Paste something you wrote so the essay can sound like you.
      </p>
      <WritingSampleTitle />
      <WritingSampleText />
    </fieldset>
  );
}

function WritingSampleTitle() {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectWritingSample(state).title);
  return (
    <Field label="Title" type="text" value={value}
      onChange={(event) => dispatch(writingSampleTitleChanged(event.target.value))} />
  );
}

function WritingSampleText() {
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectWritingSample(state).text);
  return (
    <CountedTextArea
      label="Text"
      limit={WRITING_SAMPLE_CHAR_LIMIT}
      rows={8}
      value={value}
      onChange={(next) => dispatch(writingSampleTextChanged(next))}
    />
  );
}
