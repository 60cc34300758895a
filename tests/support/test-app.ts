/** Builds the real app on a fresh in-memory SQLite database with a fixed clock (style habit 13). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Argon2PasswordHasher, uuidIds } from '../../adapters/crypto/crypto';
import { openDatabase } from '../../adapters/db/database';
import { prepareMemoryPglite } from '../../adapters/db/postgres/client';
import type { StatementEvents } from '../../adapters/realtime/postgres.bus';
import { createApp } from '../../api/app';
import { loadEnv } from '../../config/env';
import type { RealtimeBus } from '../../core/messaging/ports';
import { fixedClock } from '../../core/shared/clock';
import { PROMPTS } from '../../fixtures/prompts';
import { UNIVERSITIES } from '../../fixtures/universities';

export const TEST_ORIGIN = 'http://localhost:3000';
export const GOOD_PASSWORD = 'Sunny-Dorm-42';

/**
 * Argon2id at its smallest cost (1 MiB, one pass: ≈0.7 ms against ≈22 ms): hundreds of sign-ups and
 * sign-ins a run cost seconds, not minutes, under load (N233). Tests of the stored hash's parameters
 * and of bursts that overlap on argon2 ask for the app's own default with `{ hasher: 'owasp' }`.
 */
const cheapHasher = new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1 });

/**
 * `database` picks the engine for one test (`pglite:memory`); otherwise NESTMATE_TEST_DATABASE_URL or SQLite.
 * `realtime` replaces the in-process bus; `statementEvents` is given with the PostgreSQL bus, as api/server.ts does (N225).
 */
export function makeTestApp(
  overrides: Record<string, string> = {},
  options: { database?: string; hasher?: 'owasp'; realtime?: RealtimeBus; statementEvents?: StatementEvents } = {},
) {
  const mediaDir = mkdtempSync(join(tmpdir(), 'nestmate-media-'));
  const env = loadEnv({
    MEDIA_DIR: mediaDir,
    NODE_ENV: 'test',
    DATABASE_URL: ':memory:',
    APP_URL: TEST_ORIGIN,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    ...overrides,
  });
  const clock = fixedClock('2026-09-01T12:00:00.000Z');
  // NESTMATE_TEST_DATABASE_URL=pglite:memory runs the API suite on PostgreSQL (issue 10, D3).
  const database = openDatabase(options.database ?? process.env.NESTMATE_TEST_DATABASE_URL ?? ':memory:', uuidIds, {
    statementEvents: options.statementEvents,
  });
  // SQLite writes are synchronous, so the reference data is in place when this returns; PGlite
  // runs one statement at a time in order, so it is in place before the first request's query. A
  // PostgreSQL server's pool does not keep that order: a test on one awaits `seeded` first.
  const seeded = database.referenceData.upsert(UNIVERSITIES, PROMPTS);
  const logs: string[] = [];
  // 'owasp' leaves the app's own default in place, so those tests prove what the product runs.
  const hasher = options.hasher === 'owasp' ? undefined : cheapHasher;
  const built = createApp({ env, clock, database, hasher, log: (l) => logs.push(l), realtime: options.realtime });
  return { ...built, env, clock, logs, mediaDir, seeded, client: () => new TestClient(built.app.fetch) };
}

/** The engines an API suite runs on to prove both (D3): SQLite, and PostgreSQL through PGlite. */
export const TEST_ENGINES = [
  ['SQLite', ':memory:'],
  ['PostgreSQL (PGlite)', 'pglite:memory'],
] as const;

/** `makeTestApp` on one engine, inside a describe: the apps it made are closed after the suite. */
export function appsOn(database: string) {
  const apps: ReturnType<typeof makeTestApp>[] = [];
  // The one initdb and migration run of this process, before the tests' own time limits start.
  if (database === 'pglite:memory') beforeAll(() => prepareMemoryPglite(), 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.db.close()));
  });
  return (overrides: Record<string, string> = {}) => {
    const t = makeTestApp(overrides, { database });
    apps.push(t);
    return t;
  };
}

type Fetch = (req: Request) => Response | Promise<Response>;

/** A tiny browser stand-in: keeps cookies and sends JSON. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly fetchFn: Fetch) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h = new Headers(headers);
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm && !h.has('content-type')) h.set('content-type', 'application/json');
    if (this.cookies.size > 0) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.fetchFn(
      new Request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: h,
        body:
          body === undefined
            ? undefined
            : isForm || typeof body === 'string'
              ? (body as BodyInit)
              : JSON.stringify(body),
        redirect: 'manual',
      }),
    );
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      const value = rest.join('=');
      if (!name) continue;
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes.
    return { status: res.status, headers: res.headers, json: json as any, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }

  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  put(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', path, body, headers);
  }

  delete(path: string, headers?: Record<string, string>) {
    return this.request('DELETE', path, undefined, headers);
  }

  /** Raw bytes of a GET (media). */
  async bytes(path: string, headers: Record<string, string> = {}) {
    const h = new Headers(headers);
    if (this.cookies.size > 0) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.fetchFn(new Request(`${TEST_ORIGIN}${path}`, { headers: h }));
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }
}

/** Signs up, confirms through the outbox link, accepts the agreement and signs in. */
export async function signedInClient(t: ReturnType<typeof makeTestApp>, email: string, password = GOOD_PASSWORD) {
  const client = t.client();
  const signUp = await client.post('/api/auth/sign-up', { email, password });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.text}`);
  const link = await latestLink(t, email);
  await client.get(new URL(link).pathname + new URL(link).search);
  const signIn = await client.post('/api/auth/sign-in', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`);
  return client;
}

/** A signed-in admin (D27: an active admin_users row, as `nestmate admin grant` writes it). */
export async function signedInAdmin(t: ReturnType<typeof makeTestApp>, email = 'dean@ucla.edu') {
  const client = await signedInClient(t, email);
  await t.db.admins.setActive(email, true, t.clock.now());
  return client;
}

export async function latestLink(t: ReturnType<typeof makeTestApp>, email: string): Promise<string> {
  const mail = (await t.db.outbox.list(100)).find((m) => m.to === email.toLowerCase());
  const link = mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
  if (!link) throw new Error(`no mail with a link for ${email}`);
  return link;
}

export const pathOf = (link: string) => {
  const u = new URL(link);
  return u.pathname + u.search;
};
