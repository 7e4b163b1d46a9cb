// Step 5: the five insight questions (500 characters each) and the optional writing sample (2000).
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  INSIGHT_CHAR_LIMIT, INSIGHT_KEYS, INSIGHT_QUESTIONS, WRITING_SAMPLE_CHAR_LIMIT,
} from '../../shared/constants.ts';
import type { InsightKey } from '../../shared/constants.ts';
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
  const id = useId();
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectInsight(state, insight));
  return (
    <div className="wizard-field">
      <label htmlFor={id}>{INSIGHT_QUESTIONS[insight]}</label>
      <textarea
        id={id}
        rows={4}
        maxLength={INSIGHT_CHAR_LIMIT}
        aria-describedby={`${id}-count`}
        value={value}
        onChange={(event) => dispatch(insightChanged({ key: insight, value: event.target.value }))}
      />
      <CharCount id={`${id}-count`} length={value.length} limit={INSIGHT_CHAR_LIMIT} />
    </div>
  );
}

function WritingSampleFields() {
  const id = useId();
  return (
    <fieldset className="wizard-group" aria-describedby={`${id}-hint`}>
      <legend>Writing sample (optional)</legend>
      <p id={`${id}-hint`} className="wizard-hint">
        Paste something you wrote so the essay can sound like you.
      </p>
      <WritingSampleTitle />
      <WritingSampleText />
    </fieldset>
  );
}

function WritingSampleTitle() {
  const id = useId();
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectWritingSample(state).title);
  return (
    <div className="wizard-field">
      <label htmlFor={id}>Title</label>
      <input id={id} type="text" value={value}
        onChange={(event) => dispatch(writingSampleTitleChanged(event.target.value))} />
    </div>
  );
}

function WritingSampleText() {
  const id = useId();
  const dispatch = useAppDispatch();
  const value = useAppSelector((state) => selectWritingSample(state).text);
  return (
    <div className="wizard-field">
      <label htmlFor={id}>Text</label>
      <textarea
        id={id}
        rows={8}
        maxLength={WRITING_SAMPLE_CHAR_LIMIT}
        aria-describedby={`${id}-count`}
        value={value}
        onChange={(event) => dispatch(writingSampleTextChanged(event.target.value))}
      />
      <CharCount id={`${id}-count`} length={value.length} limit={WRITING_SAMPLE_CHAR_LIMIT} />
    </div>
  );
}
