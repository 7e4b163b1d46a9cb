// Shown when a page fails to load or render: most often a page chunk that is gone after a new version
// was deployed, which a reload fixes. The student's answers are on the device, so reloading is safe.
import { Button } from '../ui/index.ts';

export function RouteErrorPage() {
  return (
    <div className="standalone">
      <main className="standalone__main">
        <section className="page" aria-labelledby="route-error-title">
          <h1 id="route-error-title">Something went wrong loading this page</h1>
          <p>Your answers are saved on this device. Reloading the page usually fixes this.</p>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </section>
      </main>
    </div>
  );
}
