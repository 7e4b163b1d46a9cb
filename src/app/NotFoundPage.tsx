// Any path the app does not know.
import { Link } from 'react-router-dom';
import { paths } from '../client-core/routes.ts';

export default function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>There is nothing at this address. Your answers are safe.</p>
      <p><Link to={paths.home}>Go to the home page</Link></p>
    </section>
  );
}
