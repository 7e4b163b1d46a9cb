// Kysely's view of the device sessions table (migration 010_devices_sessions), merged into the database's.
export interface DeviceSessionsTable {
  /** The public id: the only handle on a session that responses and URLs carry. */
  id: string;
  uid: string;
  /** SHA-256 of the cookie's secret, hex. */
  secret_hash: string;
  label: string;
  /** The one row standing for every cookie from before per-device sessions. */
  earlier: boolean;
  first_seen_at: Date;
  last_seen_at: Date;
  /** Started on a shared computer: it ends after 30 minutes idle (migration 015_devices_shared). */
  shared: boolean;
  /** Set only on the earlier row once it is signed out (other rows are deleted). */
  signed_out_at: Date | null;
}

declare module '../db/schema.ts' {
  interface Database {
    device_sessions: DeviceSessionsTable;
  }
}
