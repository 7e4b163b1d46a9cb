// Daily counters of AI calls: the server-wide daily cap and each browser's free supplemental
// quota. In the database, so every instance counts against the same totals and a restart forgets nothing.
export const name = '002_ai_usage';

export const sql = `
create table ai_usage (
  day date not null,
  key text not null,
  count integer not null default 0,
  primary key (day, key)
);
`;
