// The 'Generate Supplemental Essay' form: a prompt and a whole word count from 50 to 1000.
// What the student typed stays in the fields after a failure, so they can simply try again. The request's
// status and failure are the slice's; the fields and their check are the form's own. Opened from another page
// on a prompt (the college planner's "Generate a sample"), the fields start with it; generating stays the
// student's press, under the same rules.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { Alert, Button, TextAreaField, WordLimitField, WORD_LIMIT_RANGE, isWordLimit } from '../../ui/index.ts';
import { selectSupplementalRequest } from './supplementalRequests.ts';
import { supplementalPageLeft } from './supplementalSlice.ts';
import { generateSupplemental } from './supplementalThunks.ts';

const RANGE_MESSAGE = `The word count must be ${WORD_LIMIT_RANGE}.`;

/** What a link to /supplemental may carry in its state: the prompt and word count to start with. */
export type SupplementalStart = { prompt: string; wordCount: number };

const startOf = (state: unknown): SupplementalStart | null => {
  const start = state as Partial<SupplementalStart> | null;
  return typeof start?.prompt === 'string' && typeof start.wordCount === 'number' ? { prompt: start.prompt, wordCount: start.wordCount } : null;
};

export function SupplementalForm() {
  const dispatch = useAppDispatch();
  const start = startOf(useLocation().state);
  const [prompt, setPrompt] = useState(start?.prompt ?? '');
  const [wordCount, setWordCount] = useState(start ? String(start.wordCount) : '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { status, error } = useAppSelector(selectSupplementalRequest);
  const pending = status === 'pending';
  useEffect(() => () => {
    dispatch(supplementalPageLeft());
  }, [dispatch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '' || wordCount.trim() === '') return setInvalid(MESSAGES.supplementalMissing);
    const words = Number(wordCount);
    if (!isWordLimit(words)) return setInvalid(RANGE_MESSAGE);
    setInvalid(null);
    void dispatch(generateSupplemental({ prompt: prompt.trim(), wordCount: words }));
  };

  return (
    <form className="supplemental-form" noValidate onSubmit={submit} aria-labelledby="supplemental-title">
      <TextAreaField label="Essay prompt" value={prompt} rows={4} onChange={(event) => setPrompt(event.target.value)} />
      <WordLimitField label="Word count" value={wordCount} onChange={setWordCount} />
      {invalid && <Alert tone="error">{invalid}</Alert>}
      {/* A new problem with the fields replaces the last failure's message. */}
      {error && !invalid && <Alert tone="error">{error}</Alert>}
      {pending && <p role="status">Writing your supplemental essay…</p>}
      <Button type="submit" disabled={pending}>Generate Supplemental Essay</Button>
    </form>
  );
}
