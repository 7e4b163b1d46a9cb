// Kysely's view of the shares' tables (migration 011_shares_tables), merged into the database's.
export interface SharesTable {
  /** The public id: in the reader's URL path and cookie name, never enough to open the share. */
  id: string;
  uid: string;
  essay_key: string;
  version_id: string;
  title: string | null;
  snapshot: string;
  reader_name: string | null;
  /** SHA-256 of the link's secret, hex, while the link lives; null once it expired or was stopped. */
  token_hash: string | null;
  created_at: Date;
  expires_at: Date;
  stopped_at: Date | null;
}

export interface ReaderSessionsTable {
  id: string;
  share_id: string;
  /** SHA-256 of the reader cookie's random value, hex. */
  secret_hash: string;
  created_at: Date;
}

export interface ShareCommentsTable {
  /** The client id the reader's device made. */
  id: string;
  share_id: string;
  /** Whose comment: the reader session that wrote it (kept as a label once that session ends). */
  reader_session_id: string;
  text: string;
  quote: string | null;
  prefix: string | null;
  suffix: string | null;
  quote_start: number | null;
  quote_end: number | null;
  resolved: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ShareRepliesTable {
  id: string;
  comment_id: string;
  text: string;
  created_at: Date;
}

declare module '../../db/schema.ts' {
  interface Database {
    shares: SharesTable;
    reader_sessions: ReaderSessionsTable;
    share_comments: ShareCommentsTable;
    share_replies: ShareRepliesTable;
  }
}
