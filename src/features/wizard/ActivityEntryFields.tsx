// One activity entry: category (and its free text when "other"), years, leadership, description, hours.
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  ACTIVITY_CATEGORIES, ACTIVITY_CATEGORY_LABELS, HOURS_PER_WEEK, SCHOOL_YEARS,
} from '../../common/questionnaire/questionnaire.ts';
import type { ActivityEntry } from '../../common/questionnaire/formDocument.ts';
import { Button, Field, TextAreaField } from '../../ui/index.ts';
import { asOptions, CheckboxGroup, SelectField } from './fields.tsx';
import { activityChanged, activityYearToggled, selectActivity } from './wizardSlice.ts';
import type { SchoolYear } from './wizardSlice.ts';

const yearOptions = asOptions(SCHOOL_YEARS);

/** "activity 2: Sports", or the student's own category name when it is "other". */
export const activityName = (index: number, entry: ActivityEntry): string => {
  const category = entry.category === 'other'
    ? entry.otherCategory.trim() || ACTIVITY_CATEGORY_LABELS.other
    : entry.category && ACTIVITY_CATEGORY_LABELS[entry.category];
  return category ? `activity ${index + 1}: ${category}` : `activity ${index + 1}`;
};

type Props = { index: number; onRemove: (index: number, name: string) => void };

export function ActivityEntryFields({ index, onRemove }: Props) {
  const dispatch = useAppDispatch();
  const entry = useAppSelector((state) => selectActivity(state, index));
  if (!entry) return null;
  const change = (changes: Partial<ActivityEntry>) => dispatch(activityChanged({ index, changes }));
  const name = activityName(index, entry);

  return (
    <fieldset className="wizard-activity">
      <legend>Activity {index + 1}</legend>
      <SelectField label="Category" value={entry.category}
        onChange={(event) => change({ category: event.target.value as ActivityEntry['category'] })}>
        <option value="">Select a category</option>
        {ACTIVITY_CATEGORIES.map((category) => (
          <option key={category} value={category}>{ACTIVITY_CATEGORY_LABELS[category]}</option>
        ))}
      </SelectField>
      {entry.category === 'other' && (
        <Field label="Other category" type="text" value={entry.otherCategory}
          onChange={(event) => change({ otherCategory: event.target.value })} />
      )}
      <CheckboxGroup
        legend="Years of participation"
        options={yearOptions}
        selected={entry.years}
        onToggle={(year) => dispatch(activityYearToggled({ index, year: year as SchoolYear }))}
      />
      <Field label="Leadership role (optional)" type="text" value={entry.leadership}
        onChange={(event) => change({ leadership: event.target.value })} />
      <TextAreaField label="Description (optional)" rows={3} value={entry.description}
        onChange={(event) => change({ description: event.target.value })} />
      <SelectField label="Hours per week" value={entry.hoursPerWeek}
        onChange={(event) => change({ hoursPerWeek: event.target.value as ActivityEntry['hoursPerWeek'] })}>
        <option value="">Select hours</option>
        {HOURS_PER_WEEK.map((hours) => <option key={hours} value={hours}>{hours}</option>)}
      </SelectField>
      <Button variant="ghost" className="wizard-remove" onClick={() => onRemove(index, name)}>
        Remove {name}
      </Button>
    </fieldset>
  );
}
