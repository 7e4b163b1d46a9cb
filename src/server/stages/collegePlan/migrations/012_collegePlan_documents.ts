// The college planner's document: one jsonb document per browser with a revision that every accepted write
// bumps, as the form document has, so a write from a stale tab is refused instead of overwriting another
// device's edits. Erasing the student empties the document and keeps the row (with its revision) until the
// browser's tombstone expires, so a stale tab's write still meets a conflict.
export const name = '012_collegePlan_documents';

export const sql = `
create table college_plans (
  uid text primary key,
  document jsonb not null,
  revision integer not null default 0,
  updated_at timestamptz not null default now()
);
`;
