// What a page does once its device is signed out (the API's 401 `signed_out`): before anything else, the
// device copy stops being written and is erased, everywhere this app keeps anything in the browser
// (IndexedDB, localStorage, sessionStorage, Cache Storage); then the page starts again at `/`, as a new
// visitor. The API client already sends nothing more from this page (src/api/signedOut.ts).
import { whenSignedOut } from '../../api/index.ts';
import { eraseDeviceCopy } from '../../client-core/eraseStorage.ts';

export { eraseDeviceCopy };

export interface SignedOutOptions {
  /** Stops the device copy's writes (redux-persist's pause), so nothing is written back once erased. */
  stopWriting: () => void;
  /** Where the page goes once the copy is gone; by default it reloads `/`, the store starting afresh. */
  restart?: () => void;
}

/** Listens for the device being signed out; answers how to stop listening. */
export function leaveWhenSignedOut({ stopWriting, restart = () => window.location.replace('/') }: SignedOutOptions): () => void {
  return whenSignedOut(() => {
    stopWriting();
    void eraseDeviceCopy().finally(restart);
  });
}
