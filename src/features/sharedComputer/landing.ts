// The landing page's "This is a shared computer" box, live without React or the store (the page is never
// hydrated): it shows this tab's answer, and a change loads switchStorage.ts, which moves the device copy into
// this tab and erases the rest. The server is told when the app signs in from this tab (sharedComputerListeners.ts).
import { isSharedComputer } from '../../client-core/sharedComputer.ts';
import { SHARED_COMPUTER_ATTRIBUTE } from './sharedComputerAttribute.ts';

const boxesIn = (root: HTMLElement) => root.querySelectorAll<HTMLInputElement>(`input[${SHARED_COMPUTER_ATTRIBUTE}]`);

/** Makes the boxes in `root` live; the function returned undoes it. */
export function activateSharedComputer(root: HTMLElement): () => void {
  const show = () => boxesIn(root).forEach((box) => {
    box.checked = isSharedComputer();
  });
  show();
  const onChange = (event: Event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.hasAttribute(SHARED_COMPUTER_ATTRIBUTE)) return;
    box.disabled = true;
    void import('./switchStorage.ts')
      .then(({ switchStorage }) => switchStorage(box.checked))
      .catch(show)
      .finally(() => {
        box.disabled = false;
      });
  };
  root.addEventListener('change', onChange);
  return () => root.removeEventListener('change', onChange);
}
