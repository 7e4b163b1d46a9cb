// Identity and the form document behind one interface, so the store does not care whether our own server
// or Firebase holds them. Thunks and the remote sync reach the chosen backend through
// the store's extra argument; the Firebase one is loaded lazily and never by default.
import type { CollegePlan } from '../common/collegePlan/schema.ts';
import type { EssayVersionRecord } from '../common/contract/contract.ts';
import type { FormDocument } from '../common/questionnaire/formDocument.ts';

export type RemoteSession = { uid: string };

/** The remote copy of the form document: null when there is none (never saved, or reset). */
export type RemoteDocument = { document: FormDocument | null; revision: number };

/** A write either took (its new revision) or was stale, and then carries the remote's current copy. */
export type SaveResult =
  | { ok: true; revision: number }
  | { ok: false; current: RemoteDocument };

/** The remote copy of the college list: null when there is none (never saved, or erased). */
export type RemoteCollegePlan = { document: CollegePlan | null; revision: number };

export type CollegePlanSaveResult =
  | { ok: true; revision: number }
  | { ok: false; current: RemoteCollegePlan };

export interface RemoteBackend {
  readonly name: 'server' | 'firebase';
  /**
   * Signs this browser in anonymously, or resumes the session it already has, and answers its uid.
   * Rejects with an ApiError so thunks handle every backend's failures alike.
   */
  signIn(signal?: AbortSignal): Promise<RemoteSession>;
  /** Reads this uid's document. Rejects with an ApiError. */
  loadDocument(signal?: AbortSignal): Promise<RemoteDocument>;
  /**
   * Writes the whole document if the remote is still at `baseRevision` (0: nothing saved yet). A backend
   * without revisions may always answer ok. Rejects with an ApiError on any other failure. `idempotencyKey`
   * names this write: sent again with it (its answer was lost), a write that took is answered its success.
   */
  saveDocument(document: FormDocument, baseRevision: number, signal?: AbortSignal, idempotencyKey?: string): Promise<SaveResult>;
  /** "Start over": clears the remote copy and answers the revision after the reset. */
  resetDocument(signal?: AbortSignal): Promise<{ revision: number }>;
  /**
   * Essay versions, their own resource beside the document (a backend without them keeps versions on the
   * device only). Reads the versions stored after revision `since`, a page at a time (`more`: read again from
   * the answered revision).
   */
  loadVersions?(since: number, signal?: AbortSignal): Promise<RemoteVersionsPage>;
  /**
   * Appends versions; one already stored stays as it is, so sending one again is harmless. `baseRevision`: the
   * revision this device last read; a backend that keeps tombstones refuses the batch (ApiError 409 `erased`)
   * when the student's data was erased after that read.
   */
  saveVersions?(versions: EssayVersionRecord[], signal?: AbortSignal, baseRevision?: number, idempotencyKey?: string): Promise<void>;
  /**
   * The college list, one document beside the form's (a backend without it keeps the list on the device only).
   * A write based on a stale revision answers the remote's current copy, as saveDocument does, and
   * `idempotencyKey` names the write as there.
   */
  loadCollegePlan?(signal?: AbortSignal): Promise<RemoteCollegePlan>;
  saveCollegePlan?(document: CollegePlan, baseRevision: number, signal?: AbortSignal, idempotencyKey?: string): Promise<CollegePlanSaveResult>;
  /**
   * A backend that holds the student's data itself (Firebase: Firestore) adds it to "Download my data" and
   * erases it on "Delete my data"; the server backend's data is the server's own export and erasure.
   */
  exportData?(signal?: AbortSignal): Promise<unknown>;
  eraseData?(signal?: AbortSignal): Promise<void>;
}

export type RemoteVersionsPage = { versions: EssayVersionRecord[]; revision: number; more: boolean; erased?: boolean };

export { serverBackend } from './server.ts';
