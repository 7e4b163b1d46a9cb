// /thank-you (SPEC §2), outside the shared layout. Without a session_id the error state shows at once.
// Verifying a session_id (GET /api/verify-session) comes with the payments issue; until then the page
// says it is finalising.
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../app/routes.ts';
import { MESSAGES } from '../../shared/messages.ts';

export default function ThankYouPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');

  return (
    <div className="standalone">
      <header className="standalone__header">
        <Link to={paths.home} className="brand">Essay Studio</Link>
      </header>
      <main className="standalone__main">
        {sessionId ? (
          <section className="page" aria-labelledby="thank-you-title" aria-busy="true">
            <h1 id="thank-you-title">{MESSAGES.verifying}</h1>
          </section>
        ) : (
          <section className="page" aria-labelledby="thank-you-title">
            <h1 id="thank-you-title">{MESSAGES.verifyFailedTitle}</h1>
            <p>{MESSAGES.verifyFailedBody}</p>
          </section>
        )}
      </main>
    </div>
  );
}
