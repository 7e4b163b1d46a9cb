// Keeps a picture of each student page as the student last saw it (the format: pagePictureFormat.ts), so the
// next visit to that address paints the student's own answers, essay or questions at once, before any script
// has arrived, instead of an empty page that fills in seconds later on a slow phone. The picture is inert
// and hidden from assistive technology, with 'Loading your data...' over it, and the live page replaces it as
// the frame is replaced today: nothing can be typed into it.
//
// A picture is taken once the page has been still for a moment (no change to the store or to the page's
// markup) and whenever the page is hidden or closed. The stamps of the student's data are written with it;
// a change that shows on no page open now still moves them, so the other pages' pictures stop being shown.
// "Delete my data" clears localStorage, and the pictures with it.
import { PLAN_STAMP_UNKNOWN, stampsOf } from './pictureStamps.ts';
import {
  PICTURE_DEPENDS_ON, PICTURE_FORMAT, PICTURE_STAMPS_KEY, type PictureStamps, type StoredPicture, pictureKey,
} from './pagePictureFormat.ts';
import { inertMarkup } from './inertMarkup.ts';
import { routePath } from '../../client-core/routes.ts';
import type { RootState } from '../store.ts';

/** A page after this much stillness is pictured (a burst of typing costs one picture). */
export const PICTURE_DELAY_MS = 400;
/** Larger pictures are not kept: localStorage is small, and one page must not crowd out the others. */
export const MAX_PICTURE_CHARS = 200_000;

/** Copies what the student typed (properties, which markup does not carry) from the live fields to the copy. */
function carryFieldValues(live: HTMLElement, copy: HTMLElement): void {
  const liveFields = live.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select');
  const copiedFields = copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select');
  liveFields.forEach((field, index) => {
    const copied = copiedFields[index];
    if (!copied) return;
    if (field instanceof HTMLTextAreaElement) copied.textContent = field.value;
    else if (field instanceof HTMLSelectElement) {
      Array.from(field.options).forEach((option, optionIndex) => {
        copied.querySelectorAll('option')[optionIndex]?.toggleAttribute('selected', option.selected);
      });
    } else if (field.type === 'checkbox' || field.type === 'radio') copied.toggleAttribute('checked', field.checked);
    else copied.setAttribute('value', field.value);
  });
}

/**
 * The inert markup of what #root shows now. Open dialogs are left out (the next visit starts without them),
 * and style attributes too (the Content-Security-Policy allows none in the page's markup).
 */
export function pictureOf(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  carryFieldValues(root, copy);
  copy.querySelectorAll('script, dialog, [role="dialog"], [role="alertdialog"]').forEach((element) => element.remove());
  copy.querySelectorAll('[style]').forEach((element) => element.removeAttribute('style'));
  for (const child of Array.from(copy.children)) child.setAttribute('aria-hidden', 'true');
  return inertMarkup(copy.innerHTML);
}

const readStamps = (storage: Storage): PictureStamps => {
  try {
    return (JSON.parse(storage.getItem(PICTURE_STAMPS_KEY) ?? '{}') as PictureStamps | null) ?? {};
  } catch {
    return {};
  }
};

/** localStorage may be full or switched off: a picture is a nicety, never worth an error. */
const store = (storage: Storage, key: string, value: string): void => {
  try {
    storage.setItem(key, value);
  } catch {
    storage.removeItem(key);
  }
};

export interface PictureKeeperOptions {
  getState: () => RootState;
  subscribe: (listener: () => void) => () => void;
  root: HTMLElement;
  /** Whether the page shown is the student's page (not a start-up notice or a redirect on its way). */
  showsPage: (state: RootState) => boolean;
  storage?: Storage;
  delayMs?: number;
}

/** Starts keeping pictures of the pages shown in `root`; the returned function stops. */
export function keepPagePictures(options: PictureKeeperOptions): () => void {
  const { getState, root, showsPage, storage = window.localStorage, delayMs = PICTURE_DELAY_MS } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Set when another tab cleared localStorage ("Delete my data" there): this tab's store still holds the data
  // deleted until the sync brings the news, and must not write pictures of it (or its stamps) back meanwhile.
  // Held and compared without the plan: the deleting tab writes fresh stamps, plan included, in the meantime.
  let heldStamps: string | null = null;

  const take = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const state = getState();
    const known = readStamps(storage);
    const stamps = stampsOf(state, known.plan ?? PLAN_STAMP_UNKNOWN);
    if (heldStamps !== null) {
      if (JSON.stringify(stampsOf(state, PLAN_STAMP_UNKNOWN)) === heldStamps) return;
      heldStamps = null;
    }
    // Read back each time: another tab may have moved them.
    if (JSON.stringify(known) !== JSON.stringify(stamps)) store(storage, PICTURE_STAMPS_KEY, JSON.stringify(stamps));
    if (!(routePath(window.location.pathname) in PICTURE_DEPENDS_ON) || !showsPage(state)) return;
    const key = pictureKey(window.location.pathname + window.location.search);
    const html = pictureOf(root);
    if (html.length > MAX_PICTURE_CHARS) {
      storage.removeItem(key);
      return;
    }
    const picture: StoredPicture = { format: PICTURE_FORMAT, html, stamps };
    const value = JSON.stringify(picture);
    // Compared with what is stored, not with what this tab wrote last: another tab may have written since.
    if (storage.getItem(key) !== value) store(storage, key, value);
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(take, { timeout: 1000 });
    else take();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(whenIdle, delayMs);
  };
  const takeWhenHidden = () => {
    if (document.visibilityState === 'hidden') take();
  };
  const otherTabCleared = (event: StorageEvent) => {
    if (event.key === null && event.storageArea === storage) heldStamps = JSON.stringify(stampsOf(getState(), PLAN_STAMP_UNKNOWN));
  };

  const observer = new MutationObserver(schedule);
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  const unsubscribe = options.subscribe(schedule);
  window.addEventListener('pagehide', take);
  window.addEventListener('storage', otherTabCleared);
  document.addEventListener('visibilitychange', takeWhenHidden);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    observer.disconnect();
    unsubscribe();
    window.removeEventListener('pagehide', take);
    window.removeEventListener('storage', otherTabCleared);
    document.removeEventListener('visibilitychange', takeWhenHidden);
  };
}
