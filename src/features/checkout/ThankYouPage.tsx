// /thank-you, outside the shared layout. Without a session_id the error state shows at once;
// otherwise 'Finalizing your purchase…' while GET /api/verify-session runs, then 'All set!' or the error, or,
// for a payment the server refunded itself, what happened instead of 'All set!'. The check also sends the
// purchase event and refreshes the plan; what it found is checkoutRequests.ts's.
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { paths } from '../../client-core/routes.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { buttonClassName, useHydrating, usePageLive } from '../../ui/index.ts';
import { selectVerification } from './checkoutRequests.ts';
import { verifyPurchase } from './checkoutThunks.ts';
import { REFUND_COPY } from './refundCopy.ts';

const noSession = () => 'error' as const;

export default function ThankYouPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const dispatch = useAppDispatch();
  const checked = useAppSelector(sessionId ? selectVerification(sessionId) : noSession);
  // The pre-rendered frame, the same for every address, reads 'Finalizing your purchase…'; hydrating it, so
  // does the page (an address without a session id shows the error in the render right after).
  const status = useHydrating() ? 'verifying' : checked;
  const live = usePageLive();

  // Asked once the app knows this browser (the page is live), as every call to the server waits for.
  useEffect(() => {
    if (!live || !sessionId) return undefined;
    const request = dispatch(verifyPurchase(sessionId));
    return () => request.abort();
  }, [dispatch, live, sessionId]);

  return (
    <div className="standalone">
      <header className="standalone__header">
        <Link to={paths.home} className="brand">Essay Studio</Link>
      </header>
      <main className="standalone__main">
        <section className="page" aria-labelledby="thank-you-title" aria-busy={status === 'verifying'} aria-live="polite">
          {status === 'verifying' && <h1 id="thank-you-title">{MESSAGES.verifying}</h1>}
          {status === 'ok' && (
            <>
              <h1 id="thank-you-title">{MESSAGES.verifiedTitle}</h1>
              <p>{MESSAGES.verifiedBody}</p>
              <Link to={paths.form} className={buttonClassName('primary')}>Start Writing</Link>
            </>
          )}
          {(status === 'already_paid' || status === 'code_used' || status === 'credits_used') && (
            <>
              <h1 id="thank-you-title">{REFUND_COPY[status].title}</h1>
              <p>{REFUND_COPY[status].body}</p>
              {status === 'already_paid'
                ? <Link to={paths.form} className={buttonClassName('primary')}>Start Writing</Link>
                : <Link to={paths.result} className={buttonClassName('primary')}>Back to your essay</Link>}
            </>
          )}
          {status === 'error' && (
            <>
              <h1 id="thank-you-title">{MESSAGES.verifyFailedTitle}</h1>
              <p>{MESSAGES.verifyFailedBody}</p>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
