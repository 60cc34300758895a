import { defaultDeckRequest } from '../../core/matching/filters';
import type { FirstLoadAnswer } from './app/first-load';
import { renderFirstScreen } from './entry-server';
import { seedSignedInUser } from './test/db';
import { seedCandidate } from './test/discovery-handlers';
import { seedConversation } from './test/messaging-handlers';

/** The answers the server puts in a page (api/web-app.ts, N178), asked of the test API. */
async function answersFor(requests: Array<[string, unknown?]>): Promise<FirstLoadAnswer[]> {
  const answers: FirstLoadAnswer[] = [];
  for (const [endpoint, body] of requests) {
    const [method, path] = endpoint.split(' ') as [string, string];
    const res = await fetch(new URL(path, window.location.origin), {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    answers.push({ endpoint, ...(body === undefined ? {} : { body }), response: await res.json() });
  }
  return answers;
}

/**
 * The server's render (N220) of the real route table from a page's answers. That the browser hydrates
 * it without a mismatch is proved in a real browser (tests/e2e, which fail on console errors): React's
 * server and client renderers cannot both run in one jsdom process (they share context state).
 */
describe('the first screen rendered on the server (N220, N221)', () => {
  it('Discover: the card with its photo, the header and the tab bar; no cookie banner', async () => {
    seedSignedInUser();
    const card = seedCandidate({ name: 'Bea' });
    const answers = await answersFor([
      ['GET /api/me'],
      ['GET /api/premium/status'],
      ['POST /api/discover/deck', defaultDeckRequest('free')],
    ]);
    const markup = await renderFirstScreen('/', answers);
    expect(markup).toContain('<h1 class="text-title text-ink-900">Discover</h1>');
    expect(markup).toContain('Bea');
    expect(markup).toContain(`src="${card.profilePhotoUrl}"`);
    expect(markup).toContain('aria-label="Main"');
    // The first card is drawn in place, not slid in from transparent (N223).
    expect(markup).not.toContain('animate-slide-up');
    // The choice is in the browser's storage: the banner shows once the page is hydrated (N221).
    expect(markup).not.toContain('We value your privacy');
    // A tap before the JavaScript runs would be lost: the swipe buttons say they are not ready (N234).
    for (const label of ['Pass', 'Super like', 'Like'])
      expect(markup).toMatch(new RegExp(`<button[^>]*aria-label="${label}"[^>]*aria-disabled="true"`));
  });

  it('Messages: the conversation list with its last message, times in UTC', async () => {
    const me = seedSignedInUser();
    seedConversation(me.id, { name: 'Cleo' }, [
      { content: 'Is the room still free?', at: new Date('2026-01-02T15:04:00Z') },
    ]);
    const answers = await answersFor([
      ['GET /api/me'],
      ['GET /api/premium/status'],
      ['GET /api/conversations'],
      ['GET /api/matches'],
    ]);
    const markup = await renderFirstScreen('/?tab=matches', answers);
    expect(markup).toContain('<h1 class="text-title text-ink-900">Messages</h1>');
    expect(markup).toContain('Cleo');
    expect(markup).toContain('Is the room still free?');
    expect(markup).toContain('dateTime="2026-01-02T15:04:00.000Z"');
  });

  it('without answers: what the browser would show before they arrive, never an error', async () => {
    const markup = await renderFirstScreen('/', []);
    expect(markup).toContain('Loading');
  });
});
