/** The local payment twin's pages (D24): plain server-rendered HTML, no scripts (CSP-friendly). */
import { html } from 'hono/html';
import { formatUsd, PLANS, PRODUCTS } from '../../../core/billing/catalog';
import type { StoredSubscription } from '../../../core/billing/fulfilment';
import type { CheckoutSession } from '../../../core/billing/ports';

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} · Nestmate</title>
  <style>
    /* The web app's tokens (web/src/styles.css), so the test checkout looks like Nestmate on any screen. */
    *, ::before, ::after { box-sizing: border-box; }
    body { font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      background: #f8f7f4; color: #1c1a17; margin: 0; padding: 2rem 1.25rem; -webkit-font-smoothing: antialiased; }
    .brand { display: flex; align-items: center; gap: .5rem; max-width: 28rem; margin: 0 auto 1rem; font-weight: 800;
      font-size: 1.125rem; color: #173f3e; letter-spacing: -.01em; }
    .brand svg { width: 2rem; height: 2rem; flex-shrink: 0; }
    main { max-width: 28rem; margin: 0 auto; background: #fff; border-radius: 1.25rem; padding: 1.5rem;
      box-shadow: 0 1px 2px rgb(28 26 23 / .06), 0 8px 24px -12px rgb(28 26 23 / .18); overflow-wrap: anywhere; }
    h1 { font-size: 1.5rem; line-height: 1.2; letter-spacing: -.015em; margin: .75rem 0 .25rem; }
    .badge { display: inline-block; background: #fef3c7; color: #6e4700; border-radius: 9999px; padding: .25rem .75rem;
      font-size: .8rem; font-weight: 700; }
    .amount { font-size: 2rem; font-weight: 800; margin: 1rem 0; }
    button { width: 100%; border: 0; border-radius: 9999px; min-height: 2.75rem; padding: .75rem 1.25rem;
      font: inherit; font-weight: 600; cursor: pointer; margin-top: .75rem; }
    .pay { background: #19625e; color: #fff; } .pay:hover { background: #184f4c; }
    .secondary { background: #fff; color: #184f4c; box-shadow: inset 0 0 0 1px #e0ddd5; }
    .secondary:hover { background: #effaf8; }
    button:focus-visible, a:focus-visible { outline: 3px solid #1b7a73; outline-offset: 2px; }
    a { color: #19625e; font-weight: 600; }
    p.note { color: #57534b; font-size: .9rem; line-height: 1.5; }
  </style>
</head>
<body><div class="brand" aria-hidden="true"><svg viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#19625e"/>
  <path d="M14 32 32 17l18 15v15a3 3 0 0 1-3 3H17a3 3 0 0 1-3-3z" fill="#fff"/><circle cx="26" cy="36" r="4" fill="#f0592f"/>
  <circle cx="38" cy="36" r="4" fill="#f5b82e"/></svg>Nestmate</div><main>${body}</main></body>
</html>`;

export function checkoutPage(s: CheckoutSession) {
  const name = s.purchase.type === 'subscription' ? PLANS[s.purchase.plan].name : PRODUCTS[s.purchase.productId].name;
  const base = `/api/payments/local/checkout/${s.id}`;
  return page(
    'Checkout',
    html`<span class="badge">Test checkout</span>
      <h1>${name}</h1>
      <p class="note">This is Nestmate's built-in test checkout: no card is charged. With a Stripe key configured,
        Stripe Checkout takes its place.</p>
      <p class="amount">${formatUsd(s.amountCents)}${s.purchase.type === 'subscription' ? (s.purchase.plan === 'monthly' ? ' / month' : ' / year') : ''}</p>
      ${
        s.status === 'open'
          ? html`<form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${formatUsd(s.amountCents)}</button></form>
              <form method="post" action="${base}/cancel"><button class="secondary" type="submit">Cancel</button></form>`
          : html`<p>This checkout is ${s.status}.</p><p><a href="/">Back to Nestmate</a></p>`
      }`,
  );
}

export function portalPage(sub: StoredSubscription) {
  const end = sub.subscriptionEnd ? sub.subscriptionEnd.toISOString().slice(0, 10) : '—';
  return page(
    'Manage Gold',
    html`<span class="badge">Test customer portal</span>
      <h1>${sub.tier === 'gold_yearly' ? PLANS.yearly.name : PLANS.monthly.name}</h1>
      <p class="note">${sub.cancelled ? `Cancelled: Gold stays on until ${end}.` : `Renews on ${end}.`}</p>
      ${
        sub.cancelled
          ? html`<form method="post" action="/api/payments/local/portal/resume"><button class="pay" type="submit">Resume Gold</button></form>`
          : html`<form method="post" action="/api/payments/local/portal/cancel"><button class="secondary" type="submit">Cancel at the end of the period</button></form>`
      }
      <p><a href="/manage-subscription">Back to Nestmate</a></p>`,
  );
}
