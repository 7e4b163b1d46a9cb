// Add or edit a college: its name, application round and deadline, each checked as the server checks it.
import { type FormEvent, useId, useState } from 'react';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/schema.ts';
import { deadlineProblem } from '../../common/collegePlan/deadline.ts';
import { APPLICATION_ROUND_NAMES, APPLICATION_ROUNDS, type ApplicationRound } from '../../common/collegePlan/vocabulary.ts';
import { codePointLength } from '../../common/text/codePoints.ts';
import { Button, Field } from '../../ui/index.ts';
import type { College } from './collegePlanSlice.ts';

type Fields = Pick<College, 'name' | 'round' | 'deadline'>;

export function CollegeForm({ initial, submitLabel, onSubmit, onCancel }: {
  initial?: Fields; submitLabel: string; onSubmit: (fields: Fields) => void; onCancel?: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [round, setRound] = useState<ApplicationRound>(initial?.round ?? 'regularDecision');
  const [deadline, setDeadline] = useState(initial?.deadline ?? '');
  const [errors, setErrors] = useState<{ name?: string; deadline?: string }>({});
  const roundId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, ' ').trim();
    const problems = {
      name: trimmed === '' ? 'Enter the college’s name.'
        : codePointLength(trimmed) > COLLEGE_PLAN_LIMITS.collegeNameChars ? `Keep the name to ${COLLEGE_PLAN_LIMITS.collegeNameChars} characters.` : undefined,
      deadline: deadline === '' ? 'Enter the deadline.' : deadlineProblem(deadline) === null ? undefined : `Deadline ${deadlineProblem(deadline)}.`,
    };
    setErrors(problems);
    if (problems.name || problems.deadline) return;
    onSubmit({ name: trimmed, round, deadline });
    if (!initial) {
      setName('');
      setDeadline('');
    }
  };

  return (
    <form className="college-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <Field label="College name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} required />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={roundId}>Application round</label>
        <select id={roundId} className="ui-field__control" value={round} onChange={(event) => setRound(event.target.value as ApplicationRound)}>
          {APPLICATION_ROUNDS.map((value) => <option key={value} value={value}>{APPLICATION_ROUND_NAMES[value]}</option>)}
        </select>
      </div>
      <Field label="Deadline" type="date" value={deadline} onChange={(event) => setDeadline(event.target.value)} error={errors.deadline} required />
      <div className="page-actions">
        <Button type="submit">{submitLabel}</Button>
        {onCancel && <Button type="button" variant="secondary" onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
