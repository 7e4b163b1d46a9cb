// Step 2: class rank (required), GPA (optional free text), subjects (at least one) and majors.
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { CLASS_RANKS, MAJOR_CATEGORIES, SUBJECTS } from '../../common/questionnaire/questionnaire.ts';
import { Field } from '../../ui/index.ts';
import { asOptions, SelectField, StoredCheckboxGroup } from './fields.tsx';
import {
  classRankChanged, gpaChanged, majorToggled, selectClassRank, selectGpa, selectMajors, selectSubjects,
  subjectToggled,
} from './wizardSlice.ts';

const subjectOptions = asOptions(SUBJECTS);
const majorOptions = asOptions(MAJOR_CATEGORIES);

export function AcademicsStep() {
  return (
    <>
      <ClassRankField />
      <GpaField />
      <StoredCheckboxGroup legend="Favorite subjects" required description="Choose at least one." options={subjectOptions}
        select={selectSubjects} toggle={subjectToggled} />
      <StoredCheckboxGroup legend="Majors you are considering" description="Optional. Choose any that interest you."
        options={majorOptions} select={selectMajors} toggle={majorToggled} />
    </>
  );
}

function ClassRankField() {
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectClassRank);
  return (
    <SelectField label="Class rank" required value={value}
      onChange={(event) => dispatch(classRankChanged(event.target.value))}>
      <option value="">Select your class rank</option>
      {CLASS_RANKS.map((rank) => <option key={rank} value={rank}>{rank}</option>)}
    </SelectField>
  );
}

function GpaField() {
  const dispatch = useAppDispatch();
  const value = useAppSelector(selectGpa);
  return (
    <Field
      label="GPA (optional)"
      hint="Write it however your school does, e.g. 3.8 unweighted."
      type="text"
      value={value}
      onChange={(event) => dispatch(gpaChanged(event.target.value))}
    />
  );
}
