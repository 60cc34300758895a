/**
 * Issue 18 (N177–N179): the page a signed-in student loads carries the route's chunks, its first API
 * answers and the first card's photo; everyone else gets the built file as it is.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listen } from '../../api/http-server';
import {
  AFTER_PAINT_SCRIPT,
  APP_SCREEN_MODULE,
  FIRST_LOAD_ID,
  FIRST_LOAD_MODULE,
  jsonForHtml,
} from '../../api/web-app';
import { defaultDeckRequest } from '../../core/matching/filters';
import { DECK_CARD_PHOTO_SIZES, photoSrcSet } from '../../core/profiles/photo-type';
import { matchedPair, quickStudent, rawSql, signedInStudent } from '../support/students';
import { makeTestApp, signedInClient, type TestClient } from '../support/test-app';

/** The small queries every app screen answers in its page (the header's, the push offer's; N256). */
const APP_SCREEN_QUERIES = [
  'GET /api/super-likes/status',
  'GET /api/boost/status',
  'GET /api/notifications/unread-count',
  'GET /api/notifications/preferences',
];
/** The answers in a signed-in student's Discover page, in order. */
const DISCOVER_ANSWERS = [
  'GET /api/me',
  'GET /api/premium/status',
  'POST /api/discover/deck',
  'GET /api/discover/most-compatible',
  ...APP_SCREEN_QUERIES,
  'GET /api/profile',
  'GET /api/groups',
];
/** The answers in a signed-in student's Messages page, in order. */
const MESSAGES_ANSWERS = [
  'GET /api/me',
  'GET /api/premium/status',
  'GET /api/conversations',
  'GET /api/matches',
  ...APP_SCREEN_QUERIES,
  'GET /api/hidden-words',
];

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const AGREEMENT = {
  tos_accepted: true,
  privacy_accepted: true,
  marketing_accepted: false,
  accepted_at: '2026-09-01T11:00:00.000Z',
  user_agent: 'Mozilla/5.0',
};

/**
 * A built app as Vite writes it: the real index.html with the entry's tags, and a manifest where the
 * first-load reader and the app screen share one chunk with the entry (already in the page) and the
 * app screen brings one of its own.
 */
function fakeDist() {
  const dist = mkdtempSync(join(tmpdir(), 'nestmate-web-'));
  const template = readFileSync(join(REPO_ROOT, 'web/index.html'), 'utf8');
  const index = template
    .replace(/\s*<script type="module" src="\/src\/main.tsx"><\/script>/, '')
    .replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n</head>',
    );
  writeFileSync(join(dist, 'index.html'), index);
  // Vite copies web/public into the build as it is.
  copyFileSync(join(REPO_ROOT, 'web/public/after-paint.js'), join(dist, 'after-paint.js'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'src/main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      [FIRST_LOAD_MODULE]: { file: 'assets/first-load-1.js', isDynamicEntry: true, imports: ['_react-1.js'] },
      [APP_SCREEN_MODULE]: {
        file: 'assets/app-screen-1.js',
        isDynamicEntry: true,
        imports: ['_react-1.js', '_dialog-1.js'],
      },
      '_dialog-1.js': { file: 'assets/dialog-1.js', imports: ['_react-1.js'] },
    }),
  );
  return { dist, index };
}

function setup() {
  const { dist, index } = fakeDist();
  const t = makeTestApp({ WEB_DIST: dist });
  return { t, index };
}

/**
 * A stand-in for the built server render (dist/ssr/entry-server.js, N220), so these tests need no
 * build: it writes the URL and the endpoints it was given, after an image preload as React writes
 * one; `throws` makes every render fail.
 */
function fakeRenderer(mode: 'renders' | 'throws') {
  const file = join(mkdtempSync(join(tmpdir(), 'nestmate-ssr-')), 'entry-server.mjs');
  writeFileSync(
    file,
    mode === 'throws'
      ? "export async function renderFirstScreen() { throw new Error('render broke'); }\n"
      : `export async function renderFirstScreen(url, answers) {
  return '<link rel="preload" as="image" href="/media/a.webp"/><main data-url="' + url + '">' +
    answers.map((a) => a.endpoint).join(',') + '</main>';
}\n`,
  );
  return file;
}

function setupWithRenderer(mode: 'renders' | 'throws') {
  const { dist, index } = fakeDist();
  const t = makeTestApp({ WEB_DIST: dist, WEB_SSR_ENTRY: fakeRenderer(mode) });
  return { t, index };
}

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*</.exec(html)?.[1];

/** A student on the main app: Terms accepted, a complete profile. */
async function appStudent(t: ReturnType<typeof makeTestApp>, email: string) {
  const s = await signedInStudent(t, email);
  expect((await s.c.post('/api/agreements', AGREEMENT)).status).toBe(201);
  return s;
}

const page = (c: TestClient, path: string) => c.get(path, { accept: 'text/html' });

/** A page's data block, parsed as the web app parses it. */
function blockOf(html: string): {
  answers: Array<{ endpoint: string; body?: unknown; response: unknown }>;
  screen?: string;
} {
  const block = new RegExp(`<script type="application/json" id="${FIRST_LOAD_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!block) throw new Error('no first-load block in the page');
  return JSON.parse(block[1] as string);
}
const answersOf = (html: string) => blockOf(html).answers;

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

/** The entry as a module script, which the browser runs as soon as it is fetched. */
const ENTRY_SCRIPT = '<script type="module" crossorigin src="/assets/index-1.js"></script>';

/** The deferred loader that adds the entry after the first paint (N246): the entry and the chunks it names. */
function afterPaintOf(html: string): { entry: string; chunks: string[] } | null {
  const tag = /<script defer src="\/after-paint\.js"([^>]*)><\/script>/.exec(html)?.[1];
  if (tag === undefined) return null;
  const data = (name: string) => new RegExp(`\\bdata-${name}="([^"]*)"`).exec(tag)?.[1] ?? '';
  return { entry: data('entry'), chunks: data('modulepreload').split(' ').filter(Boolean) };
}

describe('the page a signed-in student loads (issue 18)', () => {
  it('on Discover: the app screen chunks, the session, plan and deck, and the first card photo preloaded', async () => {
    const { t } = setup();
    const me = await appStudent(t, 'viewer@ucla.edu');
    const other = await quickStudent(t, 'other@ucla.edu');
    const res = await page(me.c, '/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    // Personal: no cache stores it, and no shared cache hands it to another cookie.
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toMatch(/cookie/i);

    // The app screen's own chunks, not the one the entry already preloads.
    expect(modulePreloads(res.text)).toEqual([
      '/assets/react-1.js',
      '/assets/first-load-1.js',
      '/assets/app-screen-1.js',
      '/assets/dialog-1.js',
    ]);
    // The session is in the page: no preload of /api/me to go unused.
    expect(res.text).not.toContain('href="/api/me"');
    // The web app loads the app screen's module before its first render (N199).
    expect(blockOf(res.text).screen).toBe('app');

    const answers = answersOf(res.text);
    expect(answers.map((a) => a.endpoint)).toEqual(DISCOVER_ANSWERS);
    // Each answer is what the API gives that student for the same request.
    expect(answers[0]?.response).toEqual((await me.c.get('/api/me')).json);
    expect(answers[1]?.response).toEqual((await me.c.get('/api/premium/status')).json);
    expect(answers[2]?.body).toEqual(defaultDeckRequest('free'));
    const deck = (await me.c.post('/api/discover/deck', defaultDeckRequest('free'))).json;
    expect(answers[2]?.response).toEqual(deck);
    expect(deck.candidates.map((c: { userId: string }) => c.userId)).toEqual([other]);
    // Today's pick, which sits above the card (N224).
    expect(answers[3]?.response).toEqual((await me.c.get('/api/discover/most-compatible')).json);
    // The header's, the push offer's and Discover's own small queries (N256).
    for (const answer of answers.slice(4)) {
      expect(answer.response).toEqual((await me.c.get(answer.endpoint.replace('GET ', ''))).json);
    }

    // The first card's photo, with the card's own srcset and sizes so the browser reuses it.
    const photo = deck.candidates[0].profilePhotoUrl as string;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.text)?.[0] ?? '';
    expect(preload).toContain(`href="${photo}"`);
    expect(preload).toContain(`imagesrcset="${photoSrcSet(photo)}"`);
    expect(preload).toContain(`imagesizes="${DECK_CARD_PHOTO_SIZES}"`);
    expect(preload).toContain('fetchpriority="high"');
  });

  it('on Messages: the app screen chunks and the conversations and matches, no deck or photo', async () => {
    const { t } = setup();
    const { a, conversationId } = await matchedPair(t);
    expect((await a.c.post('/api/agreements', AGREEMENT)).status).toBe(201);
    const res = await page(a.c, '/?tab=matches');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(modulePreloads(res.text)).toContain('/assets/app-screen-1.js');
    expect(blockOf(res.text).screen).toBe('app');
    const answers = answersOf(res.text);
    expect(answers.map((x) => x.endpoint)).toEqual(MESSAGES_ANSWERS);
    expect(answers[2]?.response).toEqual((await a.c.get('/api/conversations')).json);
    expect(JSON.stringify(answers[2]?.response)).toContain(conversationId);
    expect(answers[3]?.response).toEqual((await a.c.get('/api/matches')).json);
    expect(res.text).not.toContain('as="image"');
  });

  it("carries only that student's data: another cookie gets another page", async () => {
    const { t } = setup();
    const ana = await appStudent(t, 'ana@ucla.edu');
    const ben = await appStudent(t, 'ben@ucla.edu');
    const anaPage = answersOf((await page(ana.c, '/')).text);
    const benPage = answersOf((await page(ben.c, '/')).text);
    expect(anaPage[0]?.response).toMatchObject({ user: { id: ana.id, email: 'ana@ucla.edu' } });
    expect(benPage[0]?.response).toMatchObject({ user: { id: ben.id, email: 'ben@ucla.edu' } });
    expect(JSON.stringify(anaPage)).not.toContain('ben@ucla.edu');
    expect(JSON.stringify(benPage)).not.toContain('ana@ucla.edu');
  });

  it('before the main app (no agreement yet) and on other pages: the session only, no app screen chunks', async () => {
    const { t } = setup();
    const c = await signedInClient(t, 'new@ucla.edu');
    const home = await page(c, '/');
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    expect(answersOf(home.text).map((a) => a.endpoint)).toEqual(['GET /api/me']);
    expect(modulePreloads(home.text)).toEqual(['/assets/react-1.js', '/assets/first-load-1.js']);
    expect(blockOf(home.text).screen).toBeUndefined();

    const me = await appStudent(t, 'settled@ucla.edu');
    const settings = await page(me.c, '/settings');
    expect(answersOf(settings.text).map((a) => a.endpoint)).toEqual(['GET /api/me']);
    expect(modulePreloads(settings.text)).toEqual(['/assets/react-1.js', '/assets/first-load-1.js']);
    expect(blockOf(settings.text).screen).toBeUndefined();
  });

  it('escapes what students wrote, so no answer can end the block or open markup', async () => {
    const { t, index } = setup();
    const me = await appStudent(t, 'viewer@ucla.edu');
    const other = await quickStudent(t, 'other@ucla.edu');
    const bio = '</script><script>alert(1)</script><!-- & \u2028 "quoted" <img src=x onerror=alert(2)>';
    rawSql(t).prepare('UPDATE profiles SET bio = ? WHERE id = ?').run(bio, other);
    const html = (await page(me.c, '/')).text;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<!-- &');
    // One data block, ending where the server ended it, and the bio reads back exactly.
    const ends = (text: string) => text.match(/<\/script>/g)?.length ?? 0;
    expect(ends(html)).toBe(ends(index) + 1);
    const deck = answersOf(html)[2]?.response as { candidates: Array<{ bio: string }> };
    expect(deck.candidates[0]?.bio).toBe(bio);
    expect(jsonForHtml({ s: '<>&\u2028\u2029' })).toBe('{"s":"\\u003c\\u003e\\u0026\\u2028\\u2029"}');
  });
});

describe('the page over the real node server', () => {
  it("asks the API with its own headers, not the page request's: the deck is there with a browser's Accept-Encoding", async () => {
    const { t } = setup();
    const me = await appStudent(t, 'viewer@ucla.edu');
    // Enough cards that the deck's answer is above the compression threshold.
    const others: string[] = [];
    for (let i = 0; i < 6; i++) others.push(await quickStudent(t, `other${i}@ucla.edu`));
    const http = await listen(
      t as unknown as Parameters<typeof listen>[0],
      { HOST: '127.0.0.1', PORT: 0, APP_URL: t.env.APP_URL, CALL_RING_TIMEOUT_SECONDS: 1 },
      () => {},
    );
    try {
      const cookie = [...me.c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`http://127.0.0.1:${http.address.port}/`, {
        // As a browser navigates: no Origin, no content type, compression accepted.
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', cookie },
      });
      expect(res.status).toBe(200);
      const answers = answersOf(await res.text());
      expect(answers.map((a) => a.endpoint)).toEqual(DISCOVER_ANSWERS);
      const deck = answers[2]?.response as { candidates: Array<{ userId: string }> };
      expect(deck.candidates.map((c) => c.userId).sort()).toEqual([...others].sort());
    } finally {
      await http.close();
      await t.db.close();
    }
  });
});

describe('the first screen rendered on the server (N220)', () => {
  it("is in a signed-in student's Discover and Messages pages, from the answers in their data block", async () => {
    const { t } = setupWithRenderer('renders');
    const me = await appStudent(t, 'viewer@ucla.edu');
    const discover = await page(me.c, '/');
    expect(discover.status).toBe(200);
    expect(rootOf(discover.text)).toBe(`<main data-url="/">${DISCOVER_ANSWERS.join(',')}</main>`);
    // The screen paints before its JavaScript is asked for: no module script, no modulepreload, but the
    // deferred loader naming the entry and the chunks it adds after the first paint (N246), the app
    // screen's among them (N248).
    expect(discover.text).not.toContain('type="module"');
    expect(modulePreloads(discover.text)).toEqual([]);
    expect(afterPaintOf(discover.text)).toEqual({
      entry: '/assets/index-1.js',
      chunks: ['/assets/react-1.js', '/assets/first-load-1.js', '/assets/app-screen-1.js', '/assets/dialog-1.js'],
    });
    // React's image preloads go to the head, not into the markup the browser hydrates.
    const head = discover.text.slice(0, discover.text.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/media/a.webp"/>');
    // The data block is still there: the browser seeds its cache from it before hydrating.
    expect(answersOf(discover.text)).toHaveLength(DISCOVER_ANSWERS.length);

    // Messages too: a tap on its buttons before hydration is held and replayed (N253).
    const messages = await page(me.c, '/?tab=matches');
    expect(messages.text).not.toContain('type="module"');
    expect(modulePreloads(messages.text)).toEqual([]);
    expect(afterPaintOf(messages.text)?.chunks).toContain('/assets/app-screen-1.js');
    expect(rootOf(messages.text)).toBe(`<main data-url="/?tab=matches">${MESSAGES_ANSWERS.join(',')}</main>`);
  });

  it('is not in a signed-out page, nor in a signed-in page other than the app screen', async () => {
    const { t, index } = setupWithRenderer('renders');
    for (const path of ['/', '/?tab=matches']) {
      const res = await page(t.client(), path);
      expect(res.text).toBe(index);
      expect(rootOf(res.text)).toBe('');
    }
    // Before the Terms are accepted the page is not the app screen: its data block, an empty root.
    const s = await signedInStudent(t, 'new@ucla.edu');
    const early = await page(s.c, '/');
    expect(answersOf(early.text).map((a) => a.endpoint)).toEqual(['GET /api/me']);
    expect(rootOf(early.text)).toBe('');
    const me = await appStudent(t, 'viewer@ucla.edu');
    expect(rootOf((await page(me.c, '/settings')).text)).toBe('');
    // The other tabs carry no answers of their own: rendered in the browser as before.
    expect(rootOf((await page(me.c, '/?tab=liked-you')).text)).toBe('');
  });

  it('waits for the first paint on the server-rendered screens only: every other page runs its entry at once', async () => {
    const { t, index } = setupWithRenderer('renders');
    expect(index).toContain(ENTRY_SCRIPT);
    const signedOut = await page(t.client(), '/');
    expect(signedOut.text).toBe(index);
    const early = await signedInStudent(t, 'new@ucla.edu');
    const me = await appStudent(t, 'viewer@ucla.edu');
    // A chat is the Messages screen, rendered on the server: its buttons' taps are held too (N253).
    expect(afterPaintOf((await page(me.c, '/?tab=matches&conversation=abc')).text)?.entry).toBe('/assets/index-1.js');
    for (const [c, path] of [
      [early.c, '/'],
      [me.c, '/?tab=liked-you'],
      [me.c, '/?tab=profile'],
      [me.c, '/settings'],
    ] as const) {
      const html = (await page(c, path)).text;
      expect(html, path).toContain(ENTRY_SCRIPT);
      expect(modulePreloads(html), path).toContain('/assets/react-1.js');
      expect(afterPaintOf(html), path).toBeNull();
    }
    // A failed render leaves an empty root, which nothing paints before the JavaScript: the entry at once.
    const failed = setupWithRenderer('throws');
    const student = await appStudent(failed.t, 'viewer@ucla.edu');
    const fallback = (await page(student.c, '/')).text;
    expect(fallback).toContain(ENTRY_SCRIPT);
    expect(afterPaintOf(fallback)).toBeNull();
  });

  it('falls back to the page with an empty root when the render fails, never an error page', async () => {
    const { t } = setupWithRenderer('throws');
    const me = await appStudent(t, 'viewer@ucla.edu');
    const res = await page(me.c, '/');
    expect(res.status).toBe(200);
    expect(rootOf(res.text)).toBe('');
    expect(answersOf(res.text).map((a) => a.endpoint)).toEqual(DISCOVER_ANSWERS);
    expect(
      t.logs.some((line) => line.includes('first screen not rendered on the server') && line.includes('render broke')),
    ).toBe(true);
  });
});

describe('the page everyone else loads', () => {
  it('is the built file as it is, signed out, with a bad cookie and with a lapsed one', async () => {
    const { t, index } = setup();
    const me = await appStudent(t, 'viewer@ucla.edu');
    const stranger = t.client();
    for (const path of ['/', '/?tab=matches', '/settings']) {
      const res = await page(stranger, path);
      expect(res.status).toBe(200);
      expect(res.text).toBe(index);
      expect(res.headers.get('vary')).toMatch(/cookie/i);
      expect(res.headers.get('cache-control') ?? '').not.toContain('private');
    }

    const forged = t.client();
    forged.cookies.set('nm_at', 'not-a-token');
    expect((await page(forged, '/')).text).toBe(index);

    // The access token lasts 15 minutes; past it the page is the plain one (the app refreshes itself).
    expect((await page(me.c, '/')).text).not.toBe(index);
    t.clock.advance(16 * 60 * 1000);
    const lapsed = await page(me.c, '/');
    expect(lapsed.text).toBe(index);
    expect(lapsed.text).not.toContain(FIRST_LOAD_ID);
  });

  it('serves the after-paint loader as the other files of web/public: a script, not cached for ever', async () => {
    const { t } = setup();
    const res = await t.client().get(AFTER_PAINT_SCRIPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    // Its name has no hash: a later build's loader must reach the browser.
    expect(res.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(res.text).toContain('dataset.entry');
  });

  it('never serves the build manifest', async () => {
    const { t } = setup();
    const res = await t.client().get('/.vite/manifest.json');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('assets/');
  });

  it('names source files and the data block as the web app has them', () => {
    expect(existsSync(join(REPO_ROOT, 'web', APP_SCREEN_MODULE))).toBe(true);
    expect(existsSync(join(REPO_ROOT, 'web', FIRST_LOAD_MODULE))).toBe(true);
    const main = readFileSync(join(REPO_ROOT, 'web/src/main.tsx'), 'utf8');
    expect(main).toContain(`getElementById('${FIRST_LOAD_ID}')`);
    expect(main).toContain(`import('./${FIRST_LOAD_MODULE.replace(/^src\//, '').replace(/\.ts$/, '')}')`);
  });
});
