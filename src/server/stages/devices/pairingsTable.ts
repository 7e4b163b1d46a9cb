// Kysely's view of the pairings table (migration 014_devices_pairings), merged into the database's.
export type PairingState = 'pending' | 'approved' | 'ended' | 'used';

export interface DevicePairingsTable {
  /** A random public id: the export's handle on a pairing. */
  id: string;
  /** SHA-256 of the pairing id the new device polls with, hex. */
  pairing_hash: string;
  /** SHA-256 of the 8-letter code, hex. */
  code_hash: string;
  /** SHA-256 of the code's first four letters, hex. */
  half_hash: string;
  /** The public id of the asking browser's session. */
  device_id: string;
  label: string;
  /** The approving student's, once approved. */
  uid: string | null;
  state: PairingState;
  wrong_codes: number;
  created_at: Date;
  expires_at: Date;
  last_polled_at: Date | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    device_pairings: DevicePairingsTable;
  }
}
