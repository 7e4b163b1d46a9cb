// A new device's request to continue a student's work, approved on a device that holds it. Only digests are
// kept: of the pairing id the new device polls with, of its 8-letter code, and of the code's first half (so a
// near miss counts against the one pairing it nearly hit). `device_id` binds the pairing to the session of
// the browser that asked; `uid` is the approving student's, set on approval. Rows go once expired.
export const name = '014_devices_pairings';

export const sql = `
create table device_pairings (
  id text primary key check (length(id) <= 64),
  pairing_hash text not null check (length(pairing_hash) = 64),
  code_hash text not null check (length(code_hash) = 64),
  half_hash text not null check (length(half_hash) = 64),
  device_id text not null check (length(device_id) <= 64),
  label text not null check (length(label) <= 80),
  uid text check (length(uid) <= 128),
  state text not null check (state in ('pending', 'approved', 'ended', 'used')),
  wrong_codes integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  last_polled_at timestamptz,
  constraint device_pairings_pairing_hash_key unique (pairing_hash)
);

create unique index device_pairings_pending_code on device_pairings (code_hash) where state = 'pending';
create index device_pairings_code on device_pairings (code_hash);
create index device_pairings_half on device_pairings (half_hash) where state = 'pending';
create index device_pairings_uid on device_pairings (uid);
create index device_pairings_expires on device_pairings (expires_at);
`;
