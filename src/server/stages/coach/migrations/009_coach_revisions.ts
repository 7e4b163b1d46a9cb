// Revisions of the drafts a student writes with the coach, kept as essay versions. A revision carries what its
// review needs besides the text: the version of the rules it was written under and the questions a model asked
// about it, in the nullable jsonb column `coach`, present exactly on coach revisions.
//
// The API calls such a version kind 'coach', but migration 006 bounds `kind` to 'generated' and 'edited' with
// a check constraint, and migrations only add (an instance of the previous release may still be running
// against this schema, so nothing is dropped or changed). So the column `kind` keeps its meaning and its
// constraint: a coach revision is stored as 'edited' (it is the student's own text, which is what 'edited'
// says) and is told apart by its `coach` data, which the repository reads back as kind 'coach'. The rule that
// ties the three together (coach data exactly under coach- keys, and only on 'edited' rows) is a constraint
// added beside the old one, NOT VALID: rows written before this migration all satisfy it (none has coach data),
// so the whole table need not be scanned under a lock while instances keep serving; new rows are checked.
export const name = '009_coach_revisions';

export const sql = `
alter table essay_versions add column coach jsonb;

alter table essay_versions add constraint essay_versions_coach_revision check (
  (coach is null) = (essay_key not like 'coach-%')
  and (coach is null or (kind = 'edited' and jsonb_typeof(coach) = 'object'))
) not valid;
`;
