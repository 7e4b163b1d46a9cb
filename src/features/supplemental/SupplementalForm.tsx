// The 'Generate Supplemental Essay' form: a prompt and a whole word count from 50 to 1000.
// What the student typed stays in the fields after a failure, so they can simply try again.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { SUPPLEMENTAL_MAX_WORDS, SUPPLEMENTAL_MIN_WORDS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { Alert, Button, Field, TextAreaField } from '../../ui/index.ts';
import { generateSupplemental } from './generateSupplemental.ts';

const RANGE_MESSAGE = `The word count must be a whole number from ${SUPPLEMENTAL_MIN_WORDS} to ${SUPPLEMENTAL_MAX_WORDS}.`;

export function SupplementalForm() {
  const dispatch = useAppDispatch();
  const [prompt, setPrompt] = useState('');
  const [wordCount, setWordCount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (prompt.trim() === '' || wordCount.trim() === '') return setInvalid(MESSAGES.supplementalMissing);
    const words = Number(wordCount);
    if (!Number.isInteger(words) || words < SUPPLEMENTAL_MIN_WORDS || words > SUPPLEMENTAL_MAX_WORDS) return setInvalid(RANGE_MESSAGE);
    setInvalid(null);
    setPending(true);
    const result = await dispatch(generateSupplemental({ prompt: prompt.trim(), wordCount: words }));
    setPending(false);
    if (generateSupplemental.rejected.match(result) && result.payload?.code !== 'aborted') {
      // A used-up daily quota is explained in the server's words; anything else is MESSAGES.essayFailed.
      setFailure(result.payload?.status === 429 ? result.payload.message : MESSAGES.essayFailed);
    }
  };

  return (
    <form className="supplemental-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="supplemental-title">
      <TextAreaField label="Essay prompt" value={prompt} rows={4} onChange={(event) => setPrompt(event.target.value)} />
      <Field
        label="Word count"
        hint={`A whole number from ${SUPPLEMENTAL_MIN_WORDS} to ${SUPPLEMENTAL_MAX_WORDS}, as the college asks.`}
        type="number"
        inputMode="numeric"
        min={SUPPLEMENTAL_MIN_WORDS}
        max={SUPPLEMENTAL_MAX_WORDS}
        step={1}
        value={wordCount}
        onChange={(event) => setWordCount(event.target.value)}
      />
      {invalid && <Alert tone="error">{invalid}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
      {pending && <p role="status">Writing your supplemental essay…</p>}
      <Button type="submit" disabled={pending}>Generate Supplemental Essay</Button>
    </form>
  );
}
