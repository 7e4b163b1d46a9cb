// The first schema: plans per anonymous uid, the server backend's form documents, and the operator's audit trail.
// Kept as an embedded string so `tsc` ships it in dist/node; SQL accepted by PostgreSQL 15 and PGlite alike.
export const name = '001_initial';

export const sql = `
create table entitlements (
  uid text primary key,
  plan text not null check (plan in ('free', 'paid')),
  source text not null,
  updated_at timestamptz not null default now()
);

create table forms (
  uid text primary key,
  document jsonb not null,
  revision integer not null default 0,
  updated_at timestamptz not null default now()
);

create table admin_audit (
  id integer generated always as identity primary key,
  uid text not null,
  plan text not null check (plan in ('free', 'paid')),
  reason text,
  at timestamptz not null default now()
);

create index admin_audit_uid_at on admin_audit (uid, at);
`;
