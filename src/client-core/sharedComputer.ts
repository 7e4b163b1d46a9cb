// "This is a shared computer", remembered in this tab's sessionStorage: where the device copy lives
// (deviceCopyStorage.ts) is read from it at start, before the copy is read back, and it ends with the tab. A few
// lines with no imports, so the landing page can read it too.
const SHARED_COMPUTER_KEY = 'essay-studio:shared-computer';

const listeners = new Set<() => void>();

/** Is this tab on a shared computer? False where sessionStorage is blocked (nothing could be kept there). */
export function isSharedComputer(): boolean {
  try {
    return window.sessionStorage.getItem(SHARED_COMPUTER_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Remembers the answer for this tab, and tells whoever shows it. */
export function rememberSharedComputer(shared: boolean): void {
  try {
    if (shared) window.sessionStorage.setItem(SHARED_COMPUTER_KEY, 'true');
    else window.sessionStorage.removeItem(SHARED_COMPUTER_KEY);
  } finally {
    listeners.forEach((listener) => listener());
  }
}

/** For useSyncExternalStore: called when the answer changes in this tab. */
export function onSharedComputerChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Where a feature keeps a small note of its own (the questionnaire's step): the tab's storage on a shared computer. */
export const noteStorage = (): Storage => (isSharedComputer() ? window.sessionStorage : window.localStorage);
