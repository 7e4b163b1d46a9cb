// The answers to writes a device may send again: a write carrying an Idempotency-Key is recorded here, in its
// own transaction, with the status and body it was answered, so the same key sent again (the answer was lost
// on the way) is answered the same and applied once. Rows live a day, at most 100 per browser and route.
export const name = '013_idempotent_writes';

export const sql = `
create table idempotent_writes (
  uid text not null,
  idempotency_key uuid not null,
  route text not null,
  request_hash text not null,
  status integer,
  response jsonb,
  created_at timestamptz not null,
  primary key (uid, idempotency_key)
);
create index idempotent_writes_uid_route on idempotent_writes (uid, route, created_at);
create index idempotent_writes_created_at on idempotent_writes (created_at);
`;
