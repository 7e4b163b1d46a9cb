// One row per signed-in browser (a device) of a student. The cookie carries a random secret; only its SHA-256
// digest is stored, so a copy of the table signs nobody in. `id` is the public handle the device list and
// DELETE /api/devices/:id use. `earlier` marks the one row (per student, by the partial unique index) every
// cookie from before per-device sessions maps to; it is kept, signed out, once the student signs it out or
// erases their data, so those old cookies stay refused.
export const name = '010_devices_sessions';

export const sql = `
create table device_sessions (
  id text primary key check (length(id) <= 64),
  uid text not null check (length(uid) <= 128),
  secret_hash text not null check (length(secret_hash) = 64),
  label text not null check (length(label) <= 80),
  earlier boolean not null default false,
  first_seen_at timestamptz not null,
  last_seen_at timestamptz not null,
  signed_out_at timestamptz,
  constraint device_sessions_secret_hash_key unique (secret_hash)
);

create index device_sessions_uid on device_sessions (uid);
create unique index device_sessions_earlier on device_sessions (uid) where earlier;
create index device_sessions_last_seen on device_sessions (last_seen_at);
`;
