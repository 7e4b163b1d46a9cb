// One activity entry: category (and its free text when "other"), years, leadership, description, hours.
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, HOURS_PER_WEEK, SCHOOL_YEARS } from '../../shared/constants.ts';
import type { ActivityEntry } from '../../shared/formDocument.ts';
import { asOptions, CheckboxGroup } from './fields.tsx';
import { activityChanged, activityYearToggled, selectActivity } from './wizardSlice.ts';
import type { SchoolYear } from './wizardSlice.ts';

const yearOptions = asOptions(SCHOOL_YEARS);

/** "Activity 2: Sports", or the student's own category name when it is "other". */
export const activityName = (index: number, entry: ActivityEntry): string => {
  const category = entry.category === 'other'
    ? entry.otherCategory.trim() || ACTIVITY_CATEGORY_LABELS.other
    : entry.category && ACTIVITY_CATEGORY_LABELS[entry.category];
  return category ? `activity ${index + 1}: ${category}` : `activity ${index + 1}`;
};

type Props = { index: number; onRemove: (index: number, name: string) => void };

export function ActivityEntryFields({ index, onRemove }: Props) {
  const id = useId();
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectActivity(state, index));
  if (!entry) return null;
  const change = (changes: Partial<ActivityEntry>) => dispatch(activityChanged({ index, changes }));
  const name = activityName(index, entry);

  return (
    <fieldset className="wizard-activity">
      <legend>Activity {index + 1}</legend>
      <div className="wizard-field">
        <label htmlFor={`${id}-category`}>Category</label>
        <select id={`${id}-category`} value={entry.category}
          onChange={(event) => change({ category: event.target.value as ActivityEntry['category'] })}>
          <option value="">Select a category</option>
          {ACTIVITY_CATEGORIES.map((category) => (
            <option key={category} value={category}>{ACTIVITY_CATEGORY_LABELS[category]}</option>
          ))}
        </select>
      </div>
      {entry.category === 'other' && (
        <div className="wizard-field">
          <label htmlFor={`${id}-other`}>Other category</label>
          <input id={`${id}-other`} type="text" value={entry.otherCategory}
            onChange={(event) => change({ otherCategory: event.target.value })} />
        </div>
      )}
      <CheckboxGroup
        legend="Years of participation"
        options={yearOptions}
        selected={entry.years}
        onToggle={(year) => dispatch(activityYearToggled({ index, year: year as SchoolYear }))}
      />
      <div className="wizard-field">
        <label htmlFor={`${id}-leadership`}>Leadership role (optional)</label>
        <input id={`${id}-leadership`} type="text" value={entry.leadership}
          onChange={(event) => change({ leadership: event.target.value })} />
      </div>
      <div className="wizard-field">
        <label htmlFor={`${id}-description`}>Description (optional)</label>
        <textarea id={`${id}-description`} rows={3} value={entry.description}
          onChange={(event) => change({ description: event.target.value })} />
      </div>
      <div className="wizard-field">
        <label htmlFor={`${id}-hours`}>Hours per week</label>
        <select id={`${id}-hours`} value={entry.hoursPerWeek}
          onChange={(event) => change({ hoursPerWeek: event.target.value as ActivityEntry['hoursPerWeek'] })}>
          <option value="">Select hours</option>
          {HOURS_PER_WEEK.map((hours) => (
            <option key={hours} value={hours}>{hours}</option>
          ))}
        </select>
      </div>
      <button type="button" className="wizard-button wizard-button-quiet" onClick={() => onRemove(index, name)}>
        Remove {name}
      </button>
    </fieldset>
  );
}
