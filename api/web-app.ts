/**
 * The built React app (D5): its files, and index.html for every other path. A signed-in student's
 * page also carries what its first screen needs (issue 18, N177–N179): the route's chunks, the API
 * answers it would ask for at once, and the first deck card's photo, so the page loads in one round
 * instead of entry → session → chunk → plan → deck → photo.
 */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { defaultDeckRequest } from '../core/matching/filters';
import { DECK_CARD_PHOTO_SIZES, photoSrcSet } from '../core/profiles/photo-type';
import type { AppEnv } from './context';

/** The id of the data block the web app reads before its first render (web/src/app/first-load.ts). */
export const FIRST_LOAD_ID = 'nestmate-first-load';

/**
 * Source files of chunks, as Vite's build manifest names them: the code that reads the data block
 * (web/src/main.tsx imports it only when the block is there), and the signed-in screen at `/`
 * (web/src/app/routes/home.tsx loads it lazily). Signed-out visitors fetch neither (N88).
 */
export const FIRST_LOAD_MODULE = 'src/app/first-load.ts';
export const APP_SCREEN_MODULE = 'src/app/routes/app-screen.tsx';

/** One API answer the page would ask for first, as the API gives it. */
export type FirstLoadAnswer = { endpoint: string; body?: unknown; response: unknown };

/**
 * The server's render of the first screen (web/src/entry-server.tsx, N220), built by `npm run build`
 * into dist/ssr; api/ never imports web/ source, only this built module at run time (N221).
 */
type FirstScreenRenderer = {
  renderFirstScreen(url: string, answers: FirstLoadAnswer[], signal?: AbortSignal): Promise<string>;
};

/** A render slower than this is abandoned and the page is sent with an empty root, as before N220. */
const RENDER_TIMEOUT_MS = 1500;

/** Where the built server render is by default: beside the web app's build (dist/web → dist/ssr). */
export const defaultSsrEntry = (webDist: string) => join(dirname(resolve(webDist)), 'ssr/entry-server.js');

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** What `/` shows a signed-in student (web/src/features/home/components/main-app.tsx). */
const TABS = ['discover', 'liked-you', 'matches', 'profile'] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | undefined): Tab => TABS.find((t) => t === value) ?? 'discover';

/**
 * The small queries every app screen starts at once (the header's Gold badge and bell, the push offer)
 * and each tab's own, answered in the page so the first render starts none of them (N256).
 */
const APP_SCREEN_QUERIES = [
  'GET /api/super-likes/status',
  'GET /api/boost/status',
  'GET /api/notifications/unread-count',
  'GET /api/notifications/preferences',
];
const TAB_QUERIES: Partial<Record<Tab, string[]>> = {
  discover: ['GET /api/profile', 'GET /api/groups'],
  matches: ['GET /api/hidden-words'],
  profile: ['GET /api/profile'],
};

type MeAnswer = { user: { hasAgreement: boolean; hasProfile: boolean } | null };
type DeckAnswer = { candidates: Array<{ profilePhotoUrl: string | null }> };
type PremiumAnswer = { isPremium: boolean };

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * JSON inside `<script type="application/json">`: the HTML parser ends the element at `</script`
 * and reacts to `<!--`, so every `<`, `>` and `&` is written as a JSON escape (JSON.parse reads
 * them back as they were); U+2028/2029 too, for any reader that evaluates it as script.
 */
export const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The chunk files a manifest entry needs, its static imports first-level and below, each once. */
function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.add(k);
    js.push(chunk.file);
    for (const f of chunk.css ?? []) css.add(f);
    for (const i of chunk.imports ?? []) walk(i);
  };
  walk(key);
  return { js, css: [...css] };
}

function readManifest(root: string): Manifest | null {
  const file = join(root, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    // A half-written build: the page loads as it would signed out.
    return null;
  }
}

/** The classic script that starts the web app after a server-rendered screen's first paint (web/public/after-paint.js, N246). */
export const AFTER_PAINT_SCRIPT = '/after-paint.js';

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/**
 * The page with its entry's module script and every modulepreload (the built file's and `head`'s, which
 * it empties of them) replaced by one deferred classic script that adds them after the first paint
 * (N246): Lighthouse's simulation, and a slow phone, then paint the server's markup and its largest
 * image without the JavaScript sharing the network. Unchanged if the page has no module entry.
 */
function loadAfterPaint(html: string, head: string[]): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const chunks: string[] = [];
  const take = (tags: string) => {
    for (const m of tags.matchAll(MODULE_PRELOAD)) if (!chunks.includes(m[1]!)) chunks.push(m[1]!);
  };
  take(html);
  take(head.join('\n'));
  const rest = head.filter((tag) => !/\brel="modulepreload"/.test(tag));
  head.splice(0, head.length, ...rest);
  const loader = `<script defer src="${AFTER_PAINT_SCRIPT}" data-entry="${attr(entry)}" data-modulepreload="${attr(chunks.join(' '))}"></script>\n    `;
  return html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => loader);
}

type WebAppOptions = {
  accessCookie: string;
  /** The built server render (N221); its absence means no server-rendered first screen. */
  ssrEntry?: string;
  log?: (line: string) => void;
};

export function mountWebApp(app: OpenAPIHono<AppEnv>, dist: string, options: WebAppOptions) {
  const root = resolve(dist);
  const ssrEntry = resolve(options.ssrEntry ?? defaultSsrEntry(dist));
  const log = options.log ?? ((line: string) => console.log(line));
  const loadRenderer = () => import(pathToFileURL(ssrEntry).href) as Promise<FirstScreenRenderer>;
  // Loaded at start when built, so the first student's page does not wait for the module.
  let renderer: Promise<FirstScreenRenderer> | undefined = existsSync(ssrEntry) ? loadRenderer() : undefined;
  renderer?.catch(() => undefined);

  /**
   * The first screen's markup from the page's answers, or null to send the page with an empty root (as
   * before N220): no build of the server render, a failed or slow render. Never a failed page.
   */
  const renderFirstScreen = async (url: string, answers: FirstLoadAnswer[]): Promise<string | null> => {
    if (!renderer && !existsSync(ssrEntry)) return null;
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    try {
      renderer ??= loadRenderer();
      return await (await renderer).renderFirstScreen(url, answers, signal);
    } catch (error) {
      log(
        `[web] first screen not rendered on the server: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return null;
    }
  };
  const indexFile = join(root, 'index.html');
  const assets = serveStatic({ root: dist, precompressed: true });
  app.use('/assets/*', async (c, next) => {
    // serveStatic's onFound runs after the response is built, too late for a header (issue 11).
    const res = await assets(c, next);
    if (res instanceof Response) res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res;
  });

  /** One API request as the page would make it, with the page request's cookie; null unless 200. */
  const ask = async (c: Context<AppEnv>, endpoint: string, body?: unknown): Promise<FirstLoadAnswer | null> => {
    const [method, path] = endpoint.split(' ') as [string, string];
    const headers = new Headers({ accept: 'application/json', cookie: c.req.header('cookie') ?? '' });
    for (const name of ['user-agent', 'x-forwarded-for']) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    if (body !== undefined) headers.set('content-type', 'application/json');
    const res = await app.fetch(
      new Request(new URL(path, c.req.url), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      c.env,
    );
    if (res.status !== 200 || !res.headers.get('content-type')?.includes('json')) return null;
    return { endpoint, ...(body === undefined ? {} : { body }), response: await res.json() };
  };

  /** Several requests at once, in their order, leaving out those not answered 200. */
  const askAll = async (c: Context<AppEnv>, endpoints: readonly string[]) =>
    (await Promise.all(endpoints.map((endpoint) => ask(c, endpoint)))).filter((a) => a !== null);

  /** The page for a signed-in student, or null for the plain file (signed out, a lapsed cookie, no build). */
  const personalPage = async (c: Context<AppEnv>): Promise<string | null> => {
    if (!getCookie(c, options.accessCookie) || !existsSync(indexFile)) return null;
    const me = await ask(c, 'GET /api/me');
    const user = (me?.response as MeAnswer | undefined)?.user;
    if (!me || !user) return null;
    const answers: FirstLoadAnswer[] = [me];
    // `app` when the page is the app screen, whose module the web app then loads before its first render (N199).
    let screen: 'app' | undefined;
    // Discover and Messages, whose answers are all in the page, are also rendered on the server (N220).
    let serverRendered = false;
    const head: string[] = [];
    let html = readFileSync(indexFile, 'utf8');
    const manifest = readManifest(root);
    // Chunks beside the entry rather than after it and the session check (N177), each once.
    const preload = (module: string, js = true) => {
      const chunks = manifest ? chunkFiles(manifest, module) : { js: [], css: [] };
      for (const file of js ? chunks.js : []) {
        const tag = `<link rel="modulepreload" crossorigin href="/${attr(file)}">`;
        if (!html.includes(`"/${file}"`) && !head.includes(tag)) head.push(tag);
      }
      for (const file of chunks.css) {
        const tag = `<link rel="stylesheet" crossorigin href="/${attr(file)}">`;
        if (!html.includes(`"/${file}"`) && !head.includes(tag)) head.push(tag);
      }
    };
    preload(FIRST_LOAD_MODULE);
    if (c.req.path === '/' && user.hasAgreement && user.hasProfile) {
      screen = 'app';
      const tab = tabOf(c.req.query('tab'));
      serverRendered = tab === 'discover' || tab === 'matches';
      if (tab === 'discover') {
        // The deck waits for the plan (000 §4), so both are answered here, the deck as asked with no saved filters.
        const premium = await ask(c, 'GET /api/premium/status');
        if (premium) {
          answers.push(premium);
          const plan = (premium.response as PremiumAnswer).isPremium ? 'gold' : 'free';
          const deck = await ask(c, 'POST /api/discover/deck', defaultDeckRequest(plan));
          if (deck) {
            answers.push(deck);
            // Today's pick sits above the card: in the page, its server render has its real height (N224).
            const pick = await ask(c, 'GET /api/discover/most-compatible');
            if (pick) answers.push(pick);
            // Discover's largest paint (N179): the same srcset and sizes as the card's <img>.
            const photo = (deck.response as DeckAnswer).candidates[0]?.profilePhotoUrl;
            if (photo)
              head.push(
                `<link rel="preload" as="image" href="${attr(photo)}" imagesrcset="${attr(photoSrcSet(photo))}" imagesizes="${attr(DECK_CARD_PHOTO_SIZES)}" fetchpriority="high">`,
              );
          }
        }
      } else if (tab === 'matches') {
        answers.push(...(await askAll(c, ['GET /api/premium/status', 'GET /api/conversations', 'GET /api/matches'])));
      }
      // What the app's header, the push offer and the tab's own small queries ask for at once (N256).
      answers.push(...(await askAll(c, [...APP_SCREEN_QUERIES, ...(TAB_QUERIES[tab] ?? [])])));
    }
    // The app screen's first render in the page (N220): it paints before the JavaScript has run.
    const url = new URL(c.req.url);
    const markup = serverRendered ? await renderFirstScreen(`${url.pathname}${url.search}`, answers) : null;
    // The app screen's chunks beside the entry (N177); on a server-rendered page they are preloaded after the
    // first paint with it (N246), so Discover's card photo no longer shares the network with them (N224, N248).
    if (screen === 'app') preload(APP_SCREEN_MODULE);
    // The session is answered in the page: the preload of /api/me would be a second, unused request.
    html = html.replace(/(?:<!--(?:(?!-->)[\s\S])*-->\s*)?<link\b[^>]*\bhref="\/api\/me"[^>]*>\s*/, '');
    // A server-rendered screen is painted before its JavaScript is even asked for (N246); a tap on one
    // of its buttons meanwhile is held and replayed after hydration (N253).
    if (markup) html = loadAfterPaint(html, head);
    html = html.replace('</head>', `${head.map((tag) => `  ${tag}\n  `).join('')}</head>`);
    if (markup) {
      // React writes preloads of the images it rendered (list avatars) before the markup; they belong
      // in the head, where the browser finds them at once, not in #root, which the browser hydrates.
      const preloads = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
      html = html.replace('</head>', () => `${preloads ? `  ${preloads}\n  ` : ''}</head>`);
      html = html.replace('<div id="root"></div>', () => `<div id="root">${markup.slice(preloads.length)}</div>`);
    }
    return html.replace(
      '</body>',
      `  <script type="application/json" id="${FIRST_LOAD_ID}">${jsonForHtml({ answers, screen })}</script>\n  </body>`,
    );
  };

  // Pages (no file extension): a signed-in student's own page, never stored by any cache (N178).
  app.use('*', async (c, next) => {
    // The build manifest is for the server alone (it lists every source module).
    if (c.req.path.startsWith('/.vite/')) return c.text('Not found', 404);
    if (c.req.method !== 'GET' || /\.[^/]*$/.test(c.req.path)) return next();
    const page = await personalPage(c);
    if (page !== null) {
      return c.html(page, 200, { 'Cache-Control': 'private, no-store', Vary: 'Cookie' });
    }
    await next();
    // The same URL answers a signed-in student differently: no shared cache may keep the plain page for them.
    c.res.headers.append('Vary', 'Cookie');
  });
  app.use('*', serveStatic({ root: dist, precompressed: true }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.html(
        '<!doctype html><title>Nestmate</title><p>The web app is not built yet: run <code>npm run build</code>.</p>',
        503,
      );
    }
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
