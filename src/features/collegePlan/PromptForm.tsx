// Add a prompt to a college: the text as the college publishes it (cleaned as the server cleans it) and its word
// limit, 25 to 1,000 or "No limit". The classifier suggests its type as it is added.
import { type FormEvent, useId, useState } from 'react';
import { classifyPrompt } from '../../common/collegePlan/classifyPrompt.ts';
import { cleanPromptText } from '../../common/collegePlan/promptText.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/schema.ts';
import { codePointLength } from '../../common/text/codePoints.ts';
import { Button, Field, TextAreaField } from '../../ui/index.ts';
import type { CollegePrompt } from './collegePlanSlice.ts';

const { min, max } = COLLEGE_PLAN_LIMITS.wordLimit;

export type PromptFields = Pick<CollegePrompt, 'text' | 'wordLimit' | 'suggestedType'>;

export function PromptForm({ collegeName, onSubmit }: { collegeName: string; onSubmit: (fields: PromptFields) => void }) {
  const [text, setText] = useState('');
  const [limit, setLimit] = useState('');
  const [noLimit, setNoLimit] = useState(false);
  const [errors, setErrors] = useState<{ text?: string; limit?: string }>({});
  const noLimitId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = cleanPromptText(text);
    const wordLimit = noLimit ? null : Number(limit);
    const problems = {
      text: cleaned === '' ? 'Paste the prompt as the college publishes it.'
        : codePointLength(text) > COLLEGE_PLAN_LIMITS.promptChars ? `Keep the prompt to ${COLLEGE_PLAN_LIMITS.promptChars.toLocaleString('en')} characters.` : undefined,
      limit: wordLimit === null || (Number.isInteger(wordLimit) && wordLimit >= min && wordLimit <= max) ? undefined
        : `Enter a whole number from ${min} to ${max.toLocaleString('en')}, or choose No limit.`,
    };
    setErrors(problems);
    if (problems.text || problems.limit) return;
    onSubmit({ text: cleaned, wordLimit, suggestedType: classifyPrompt({ text: cleaned, wordLimit }).type });
    setText('');
    setLimit('');
    setNoLimit(false);
  };

  return (
    <form className="prompt-form" onSubmit={submit} noValidate aria-label={`Add a prompt for ${collegeName}`}>
      <TextAreaField label="Prompt" rows={3} value={text} onChange={(event) => setText(event.target.value)} error={errors.text} required />
      <Field
        label="Word limit" type="number" inputMode="numeric" min={min} max={max} step={1} disabled={noLimit}
        hint={`${min} to ${max.toLocaleString('en')} words, as the college asks.`}
        value={limit} onChange={(event) => setLimit(event.target.value)} error={errors.limit}
      />
      <div className="college-check">
        <input id={noLimitId} type="checkbox" checked={noLimit} onChange={(event) => setNoLimit(event.target.checked)} />
        <label htmlFor={noLimitId}>No limit</label>
      </div>
      <Button type="submit" variant="secondary">Add a prompt</Button>
    </form>
  );
}
