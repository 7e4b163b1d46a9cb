// Which frame /thank-you is sent with. When our records already show this browser's checkout paid (or
// refunded by us, and why), the frame of the page's answer: a student arriving from the checkout reads
// 'All set!' at the first paint instead of waiting for the app to ask. Only a read: the page still calls
// GET /api/verify-session, which asks the provider when its webhook has not arrived yet and sends the purchase
// event. Anything else (no session, a malformed id, another browser's checkout, not yet paid as far as we
// know, this network out of API calls) gets the plain frame, 'Finalizing your purchase…'.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { verifySessionQuerySchema } from '../../common/contract.ts';
import type { Database } from '../db/schema.ts';
import { THANK_YOU_PATH } from '../payments/startCheckout.ts';
import { recordedPurchase } from '../payments/verifySession.ts';
import type { ClientOptions } from '../plugins/client.ts';

const sessionIdSchema = verifySessionQuerySchema.shape.session_id;

export function thankYouFrame(app: FastifyInstance, db: Kysely<Database>): NonNullable<ClientOptions['frameVariant']> {
  return async (request: FastifyRequest, routePath: string) => {
    if (routePath !== THANK_YOU_PATH) return null;
    const uid = request.uid;
    const sessionId = sessionIdSchema.safeParse((request.query as Record<string, unknown> | undefined)?.session_id);
    if (uid === null || !sessionId.success) return null;
    // A database read like verify-session's, so it counts against the network's API calls like one.
    if (!(await app.spendApiCall(request))) return null;
    return recordedPurchase(db, uid, sessionId.data);
  };
}
