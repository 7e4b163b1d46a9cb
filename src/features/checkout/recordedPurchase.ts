// The answer the server's frame of /thank-you already showed (the server sends the frame of the page's end
// when its records show the checkout paid: src/server/routes/thankYouFrame.ts). The frame names it in a
// <meta>; the page starts from it for the session id the document was sent for, rather than stepping back to
// 'Finalizing your purchase…' when it replaces the frame.
import { isRecordedPurchase, RECORDED_PURCHASE_META, type RecordedPurchase } from '../../common/purchaseVerdict.ts';

interface DocumentStart {
  sessionId: string | null;
  recorded: RecordedPurchase;
}

let start: DocumentStart | null | undefined;

/**
 * Read once, at the page's first render, which in a document sent for /thank-you is the app's start: the
 * address is still the one the server answered.
 */
function documentStart(): DocumentStart | null {
  if (start !== undefined) return start;
  const content = typeof document === 'undefined'
    ? null : document.querySelector(`meta[name="${RECORDED_PURCHASE_META}"]`)?.getAttribute('content');
  start = isRecordedPurchase(content)
    ? { sessionId: new URLSearchParams(globalThis.location.search).get('session_id'), recorded: content }
    : null;
  return start;
}

/** What the server's frame said of this checkout, if this document was sent for it. */
export function recordedPurchaseFor(sessionId: string | null): RecordedPurchase | undefined {
  const known = documentStart();
  return sessionId !== null && known?.sessionId === sessionId ? known.recorded : undefined;
}
