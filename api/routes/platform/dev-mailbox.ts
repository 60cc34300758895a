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
    body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #0f172a; }
    article { border: 1px solid #cbd5e1; border-radius: .75rem; padding: 1rem 1.25rem; margin: 1rem 0; }
    h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
    .meta { color: #475569; margin: 0 0 .5rem; }
    pre { white-space: pre-wrap; background: #f1f5f9; padding: .75rem; border-radius: .5rem; }
    a { color: #0f5f5c; font-weight: 600; }
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
