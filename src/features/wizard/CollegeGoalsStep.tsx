// Step 3: college types (at least one) and specific colleges added by name (trimmed, non-empty, no duplicates).
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { COLLEGE_TYPES } from '../../common/questionnaire/questionnaire.ts';
import { cleanText } from '../../common/text/codePoints.ts';
import { Button } from '../../ui/index.ts';
import { asOptions, StoredCheckboxGroup } from './fields.tsx';
import {
  checkCollegeName, collegeAdded, collegeRemoved, collegeTypeToggled, selectCollegeTypes, selectSpecificColleges,
} from './wizardSlice.ts';

const collegeTypeOptions = asOptions(COLLEGE_TYPES);

export function CollegeGoalsStep() {
  return (
    <>
      <StoredCheckboxGroup legend="Types of colleges you are interested in" required description="Choose at least one."
        options={collegeTypeOptions} select={selectCollegeTypes} toggle={collegeTypeToggled} />
      <SpecificCollegesField />
    </>
  );
}

function SpecificCollegesField() {
  const id = useId();
  const dispatch = useAppDispatch();
  const colleges = useAppSelector(selectSpecificColleges);
  const [draft, setDraft] = useState('');
  const [status, setStatus] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const add = () => {
    const problem = checkCollegeName(draft, colleges);
    if (problem === 'empty') {
      setStatus('Type a college name first.');
    } else if (problem === 'duplicate') {
      setStatus(`${draft.trim()} is already on your list.`);
    } else {
      dispatch(collegeAdded(draft));
      setStatus(`Added ${draft.trim()}.`);
      setDraft('');
    }
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const remove = (college: string) => {
    dispatch(collegeRemoved(college));
    setStatus(`Removed ${college}.`);
    inputRef.current?.focus();
  };

  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>Specific colleges (optional)</label>
      <p id={`${id}-hint`} className="ui-field__hint">Type a name and press Enter or Add.</p>
      <div className="wizard-inline">
        <input
          id={id}
          ref={inputRef}
          type="text"
          className="ui-field__control"
          aria-describedby={`${id}-hint ${id}-status`}
          value={draft}
          onChange={(event) => setDraft(cleanText(event.target.value))}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={add}>Add</Button>
      </div>
      <p id={`${id}-status`} className="wizard-status" role="status">{status}</p>
      {colleges.length > 0 && (
        <ul className="wizard-chips" aria-label="Colleges you added">
          {colleges.map((college) => (
            <li key={college} className="wizard-chip">
              <span>{college}</span>
              <Button variant="ghost" className="wizard-chip-remove" onClick={() => remove(college)}
                aria-label={`Remove ${college}`}>
                <span aria-hidden="true">×</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
