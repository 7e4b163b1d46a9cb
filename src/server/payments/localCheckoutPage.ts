// The server-rendered pages of the local test checkout (and the "you already have access" page the Upgrade
// link shows a paid browser). Plain HTML with one inline stylesheet, allowed by its hash in this page's own
// Content-Security-Policy; no script, so it works with JavaScript off and passes axe-core.
import { createHash } from 'node:crypto';
import { formatDollars } from '../../common/money/pricing.ts';

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2433;background:#f5f6fa}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.test-banner{margin:0 0 1rem;padding:.75rem 1rem;border-radius:8px;background:#fff4d6;color:#5c3b00;border:1px solid #c98a00}
h1{font-size:1.5rem;margin:.5rem 0}.amount{font-size:1.25rem}
button,.button{display:inline-block;min-height:44px;padding:.6rem 1.2rem;border:0;border-radius:8px;background:#2348c7;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
button:focus-visible,a:focus-visible{outline:3px solid #1d2433;outline-offset:2px}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1.5rem}a{color:#2348c7}
`;

export const pageCsp = (): string => {
  const hash = createHash('sha256').update(STYLE, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
};

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} · Essay Studio</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutPage(session: { id: string; description: string; amountCents: number; priceNote: string | null; cancelUrl: string }): string {
  const amount = formatDollars(session.amountCents);
  const note = session.priceNote ? `\n<p class="price-note">${escape(session.priceNote)}</p>` : '';
  return layout('Test checkout', `
<p class="test-banner"><strong>Test checkout.</strong> This is a test payment page: no card is charged.</p>
<h1>${escape(session.description)}</h1>
<p class="amount">Amount due: <strong>${amount}</strong> (USD)</p>${note}
<form method="post" action="/checkout/local/${encodeURIComponent(session.id)}/pay">
<div class="actions"><button type="submit">Pay ${amount} (test)</button>
<a href="${escape(session.cancelUrl)}">Cancel and go back</a></div>
</form>`);
}

export function messagePage(title: string, text: string, link: { href: string; label: string }): string {
  return layout(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>
<p class="actions"><a class="button" href="${escape(link.href)}">${escape(link.label)}</a></p>`);
}
