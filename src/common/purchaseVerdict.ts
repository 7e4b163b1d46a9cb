// What the server's own records already say about a checkout when it sends /thank-you. The server then sends
// the frame of the page as it will end (src/server/plugins/client.ts picks it), so a student arriving from
// the checkout reads the answer at the first paint instead of 'Finalizing your purchase…'; the frame names
// its answer in a <meta> for the page to start from (src/features/checkout/recordedPurchase.ts).
export const RECORDED_PURCHASES = ['ok', 'already_paid', 'code_used'] as const;

/** 'ok': recorded paid; otherwise why we refunded it ourselves (the browser already had the plan, the code was used). */
export type RecordedPurchase = (typeof RECORDED_PURCHASES)[number];

/** The name of the frame's <meta> whose content is the RecordedPurchase the frame shows. */
export const RECORDED_PURCHASE_META = 'essay-studio-recorded-purchase';

export const isRecordedPurchase = (value: unknown): value is RecordedPurchase => (
  typeof value === 'string' && (RECORDED_PURCHASES as readonly string[]).includes(value)
);
