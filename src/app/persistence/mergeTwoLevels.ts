// How the device copy is merged into the store on rehydration: redux-persist's autoMergeLevel2, written
// out here because its deep-import path is CommonJS, which the browser build cannot default-import.
// Each stored slice is merged over the slice's initial state, so a field added to a slice in a later
// release keeps its default instead of vanishing; a slice changed before rehydration keeps its change.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function mergeTwoLevels<S>(inbound: S, original: S, reduced: S): S {
  const merged = { ...reduced } as Record<string, unknown>;
  if (!isPlainObject(inbound)) return reduced;
  const originalState = original as Record<string, unknown>;
  const reducedState = reduced as Record<string, unknown>;
  for (const [key, stored] of Object.entries(inbound)) {
    if (key === '_persist') continue;
    // An action changed this slice while the device copy was being read: the newer value wins.
    if (originalState[key] !== reducedState[key]) continue;
    merged[key] = isPlainObject(reducedState[key]) && isPlainObject(stored)
      ? { ...reducedState[key], ...stored }
      : stored;
  }
  return merged as S;
}
