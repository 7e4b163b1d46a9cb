// The client tests' page is happy-dom's. Two things it does differently from a browser (and from jsdom, which
// these tests ran on before) are put right here, once, rather than in each test.
import type { Window as HappyDomWindow } from 'happy-dom';

function adaptPage(page: HappyDomWindow): void {
  // A request no test faked would leave for the page's own origin (http://localhost:3000) for real, and
  // whatever listens there would answer. Refuse it as a failed network does, so an unfaked call fails at once,
  // as it did under jsdom (where Node's fetch rejects a relative URL). Other origins are a test's own choice.
  page.happyDOM.settings.fetch.interceptor = {
    beforeAsyncRequest: ({ request }) => (new URL(request.url).origin === page.location.origin
      ? Promise.reject(new TypeError(`Failed to fetch ${request.url}: no test faked it, and tests stay off the network`))
      : Promise.resolve()),
  };

  // happy-dom gives text-level elements no computed display, where a browser's default stylesheet (and jsdom's)
  // says inline. The accessible-name computation puts spaces around a non-inline element's text, so a heading
  // "Step 1 of 5<span>:</span> Basic Information" would be named "Step 1 of 5 : Basic Information".
  const inline = page.document.createElement('style');
  inline.textContent = 'a, abbr, b, bdi, bdo, cite, code, data, del, dfn, em, i, ins, kbd, label, mark, q, s, samp, '
    + 'small, span, strong, sub, sup, time, u, var { display: inline; }';
  page.document.head.append(inline);
}

// A test file that opts into another page (`// @vitest-environment jsdom`) keeps that page as it is.
if ('happyDOM' in window) adaptPage(window as unknown as HappyDomWindow);
