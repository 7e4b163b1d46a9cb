// The mark that an erasure of the device copy is under way. It is written synchronously, in the same task that
// decides to erase (or before a call whose answer ends this device's session), so no reload can come between
// the decision and the mark; it is removed only once everything is erased. A page that starts while it is
// there finishes the erasure before it reads the device copy back (deviceCopyStorage.ts), so a reload in the
// middle of an erasure never brings the copy back. Kept in localStorage (it outlives the tab: another tab or
// the next visit finishes the work) and in sessionStorage (where localStorage is blocked). A few lines with no
// imports, so the API client can write it.
const ERASING_KEY = 'essay-studio:erasing';

/** `all`: the whole device copy (a signed-out device); `durable`: what outlives the tab (a shared computer). */
export type ErasureScope = 'all' | 'durable';

const stores = (): Storage[] => {
  const found: Storage[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      found.push(window[name]);
    } catch {
      // Storage blocked: nothing can be kept there either.
    }
  }
  return found;
};

const attempt = (write: () => void): void => {
  try {
    write();
  } catch {
    // Full or blocked: the other store holds the mark.
  }
};

/** The erasure still to finish, if any; `all` wins over `durable`. */
export function pendingErasure(): ErasureScope | null {
  let found: ErasureScope | null = null;
  for (const store of stores()) {
    let value: string | null = null;
    attempt(() => {
      value = store.getItem(ERASING_KEY);
    });
    if (value === 'all') return 'all';
    if (value === 'durable') found = 'durable';
  }
  return found;
}

/** Marks an erasure as under way (never narrowing one already marked). */
export function markErasure(scope: ErasureScope): void {
  const value = pendingErasure() === 'all' ? 'all' : scope;
  for (const store of stores()) attempt(() => store.setItem(ERASING_KEY, value));
}

/** Removes the mark once an erasure of `scope` is done (a wider one marked meanwhile stays). */
export function unmarkErasure(scope: ErasureScope): void {
  if (scope === 'durable' && pendingErasure() === 'all') return;
  for (const store of stores()) attempt(() => store.removeItem(ERASING_KEY));
}
