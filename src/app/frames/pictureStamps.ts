// The stamps of a page picture (pagePictureFormat.ts): a fingerprint of each part of the student's data, from
// its content, so the same answers give the same stamp whether they were typed here, read back from the
// device or brought by the remote copy, and any change gives another.
import { withoutRequest } from '../../client-core/requestState.ts';
import { PICTURE_SOURCES, type PictureSource, type PictureStamps } from './pagePictureFormat.ts';
import type { RootState } from '../store.ts';

type DataSource = Exclude<PictureSource, 'plan'>;
const DATA_SOURCES = PICTURE_SOURCES.filter((source): source is DataSource => source !== 'plan');

/** The plan's stamp before this browser has ever learnt it. */
export const PLAN_STAMP_UNKNOWN = 'unknown';

/** FNV-1a (32 bits) of the JSON, with its length: not a secret, only "has this changed". */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}.${text.length.toString(36)}`;
}

// Slices are immutable: a slice object already fingerprinted keeps its fingerprint. A stage's request state
// is not the student's data (a page pictured mid-request shows the same answers).
const known = new WeakMap<object, string>();
const fingerprintOf = (slice: object): string => {
  const cached = known.get(slice);
  if (cached !== undefined) return cached;
  const value = fingerprint(withoutRequest(slice));
  known.set(slice, value);
  return value;
};

/**
 * The stamps of `state`. The plan comes from the server at each visit; until it has, the last one known
 * (`knownPlan`) stands, so a picture taken before the answer is not told apart from one taken after.
 */
export function stampsOf(state: RootState, knownPlan: string): PictureStamps {
  const stamps: PictureStamps = { plan: state.session.plan ?? knownPlan };
  for (const source of DATA_SOURCES) stamps[source] = fingerprintOf(state[source]);
  return stamps;
}
