// Step 4: an optional list of activity entries that can be added, edited and removed.
import { useEffect, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { Button } from '../../ui/index.ts';
import { ActivityEntryFields } from './ActivityEntryFields.tsx';
import { activityAdded, activityRemoved, selectActivityCount } from './wizardSlice.ts';

export function ActivitiesStep() {
  const dispatch = useAppDispatch();
  const count = useAppSelector(selectActivityCount);
  const [status, setStatus] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusNewEntry = useRef(false);

  useEffect(() => {
    // After "Add activity", move to the new entry's first control so keyboard users land where they type.
    if (!focusNewEntry.current) return;
    focusNewEntry.current = false;
    listRef.current?.querySelector<HTMLElement>('li:last-child select')?.focus();
  }, [count]);

  const add = () => {
    focusNewEntry.current = true;
    dispatch(activityAdded());
    setStatus(`Activity ${count + 1} added.`);
  };
  const remove = (index: number, name: string) => {
    dispatch(activityRemoved(index));
    setStatus(`Removed ${name}.`);
    addRef.current?.focus();
  };

  return (
    <>
      <p className="wizard-hint">
        Optional. Add clubs, sports, jobs, volunteering or anything else you spend time on.
      </p>
      {count > 0 && (
        <ol ref={listRef} className="wizard-activities" aria-label="Your activities">
          {Array.from({ length: count }, (_unused, index) => (
            <li key={index}>
              <ActivityEntryFields index={index} onRemove={remove} />
            </li>
          ))}
        </ol>
      )}
      <Button ref={addRef} variant="secondary" onClick={add}>Add activity</Button>
      <p className="wizard-status" role="status">{status}</p>
    </>
  );
}
