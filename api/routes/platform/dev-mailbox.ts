/** /dev/mailbox: the outbox as a page, so a developer can click confirmation links (D11). */
import { html, raw } from 'hono/html';
import type { StoredMail } from '../../../adapters/db/sqlite/platform.repository';
import { firstLink } from '../../../core/accounts/mails';

export function devMailboxPage(messages: StoredMail[]) {
  const items = messages.map((m) => {
    const link = firstLink(m.text);
    return html`<article>
      <h2>${m.subject}</h2>
      <p class="meta">To <strong>${m.to}</strong> · ${m.createdAt.toISOString()}</p>
      ${link ? html`<p><a href="${link}">Open link</a></p>` : ''}
      <pre>${m.text}</pre>
    </article>`;
  });
  return html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Development mailbox · Nestmate</title>
  <style>
    /* The web app's tokens (web/src/styles.css); long links wrap instead of widening a phone's page. */
    *, ::before, ::after { box-sizing: border-box; }
    body { font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      background: #f8f7f4; color: #1c1a17; max-width: 48rem; margin: 0 auto; padding: 2rem 1.25rem;
      -webkit-font-smoothing: antialiased; overflow-wrap: anywhere; }
    h1 { font-size: 1.75rem; letter-spacing: -.015em; margin: 0 0 .5rem; }
    article { background: #fff; border-radius: 1.25rem; padding: 1.25rem; margin: 1rem 0;
      box-shadow: 0 1px 2px rgb(28 26 23 / .06), 0 8px 24px -12px rgb(28 26 23 / .18); }
    h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
    .meta { color: #57534b; margin: 0 0 .5rem; font-size: .9rem; }
    pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f8f7f4; padding: .75rem; border-radius: .75rem;
      font-size: .85rem; }
    a { color: #19625e; font-weight: 600; }
    a:focus-visible { outline: 3px solid #1b7a73; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Development mailbox</h1>
    <p>Mail the server would have sent, newest first. Shown only outside production.</p>
    ${messages.length === 0 ? html`<p>No mail yet.</p>` : raw(items.join(''))}
  </main>
</body>
</html>`;
}
