// Shares of one essay version for comments, the sessions of the readers who opened them, the readers' comments
// and the student's replies. A share keeps its own snapshot of the version's text (what the reader sees and the
// comments point into). Only the SHA-256 of a link's secret is kept, and only while the link lives: stopping or
// expiry clears it and deletes the reader sessions, while the row, its snapshot and its comments stay with the
// student's data. Comments, replies and reader sessions go with their share (erasing a student deletes shares).
export const name = '011_shares_tables';

export const sql = `
create table shares (
  id text primary key check (length(id) = 22),
  uid text not null check (length(uid) <= 128),
  essay_key text not null check (length(essay_key) <= 40),
  version_id text not null check (length(version_id) <= 64),
  title text check (length(title) <= 5000),
  snapshot text not null check (length(snapshot) between 1 and 20000),
  reader_name text check (length(reader_name) <= 60),
  token_hash text check (length(token_hash) = 64),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  stopped_at timestamptz,
  constraint shares_token_hash_key unique (token_hash)
);
create index shares_uid_created on shares (uid, created_at desc);
create index shares_live_expiry on shares (expires_at) where token_hash is not null;

create table reader_sessions (
  id text primary key check (length(id) = 22),
  share_id text not null references shares (id) on delete cascade,
  secret_hash text not null check (length(secret_hash) = 64),
  created_at timestamptz not null,
  constraint reader_sessions_secret_hash_key unique (secret_hash)
);
create index reader_sessions_share on reader_sessions (share_id);

create table share_comments (
  id text primary key check (length(id) = 36),
  share_id text not null references shares (id) on delete cascade,
  reader_session_id text not null check (length(reader_session_id) = 22),
  text text not null check (length(text) between 1 and 2000),
  quote text check (length(quote) between 1 and 500),
  prefix text check (length(prefix) <= 32),
  suffix text check (length(suffix) <= 32),
  quote_start integer check (quote_start >= 0),
  quote_end integer,
  resolved boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((quote is null) = (quote_start is null) and (quote is null) = (quote_end is null)
    and (quote is null) = (prefix is null) and (quote is null) = (suffix is null))
);
create index share_comments_share on share_comments (share_id, created_at);

create table share_replies (
  id text primary key check (length(id) = 36),
  comment_id text not null references share_comments (id) on delete cascade,
  text text not null check (length(text) between 1 and 2000),
  created_at timestamptz not null
);
create index share_replies_comment on share_replies (comment_id, created_at);
`;
