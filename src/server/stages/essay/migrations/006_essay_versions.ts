// Essay versions as their own table beside the form document: append-only rows keyed by the uid and an id the
// device made from the version itself, so a retried upload stores nothing twice. `revision` grows with every
// row stored, so a device reads only what is newer than what it has seen.
export const name = '006_essay_versions';

export const sql = `
create table essay_versions (
  uid text not null,
  id text not null,
  essay_key text not null,
  kind text not null check (kind in ('generated', 'edited')),
  text text not null,
  at timestamptz not null,
  revision integer generated always as identity,
  stored_at timestamptz not null default now(),
  primary key (uid, id)
);

create index essay_versions_uid_revision on essay_versions (uid, revision);
create index essay_versions_uid_essay_at on essay_versions (uid, essay_key, at desc, id desc);
`;
