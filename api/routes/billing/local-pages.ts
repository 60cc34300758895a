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
    body { font-family: system-ui, sans-serif; background: #f6f5f2; color: #12211f; margin: 0; }
    main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 1rem; padding: 2rem;
      box-shadow: 0 10px 30px rgba(0,0,0,.08); }
    h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
    .badge { display: inline-block; background: #fdf2d0; color: #6b4b00; border-radius: 999px; padding: .2rem .7rem;
      font-size: .8rem; font-weight: 700; }
    .amount { font-size: 2rem; font-weight: 800; margin: 1rem 0; }
    button { width: 100%; border: 0; border-radius: 999px; padding: .9rem; font-size: 1rem; font-weight: 700;
      cursor: pointer; margin-top: .75rem; }
    .pay { background: #0f5f5c; color: #fff; } .secondary { background: #ecebe6; color: #12211f; }
    button:focus-visible { outline: 3px solid #b45309; outline-offset: 2px; }
    p.note { color: #4b5b58; font-size: .9rem; }
  </style>
</head>
<body><main>${body}</main></body>
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
