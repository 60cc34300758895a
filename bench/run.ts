/**
 * `npm run bench` (issue 11 §5): HTTP throughput and latency beside a raw node:http baseline,
 * the abuse classifier beside the old rules (issue 15), argon2 cost, and the browser figures of
 * bench/browser.ts (JavaScript shipped on first load, Lighthouse scores). Writes
 * bench/results/<time>.json and bench/results/latest.json; bench/README.md summarises them.
 * Never a timed test: figures depend on the machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { Argon2PasswordHasher } from '../adapters/crypto/crypto';
import { freePort, REPO_ROOT, startServer } from '../tests/quality/support/server-process';
import { browserBenchmark } from './browser';
import { benchServerUrl, deckBenchmark } from './deck';
import { moderationBenchmark } from './moderation';
import { seedCampus } from './seed-campus';
import { wsBenchmark } from './ws';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGETS = { writeVsRaw: 0.35 };
const PASSWORD = 'Bench-Dorm-42!x';

type HttpFigures = {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
};

async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A fresh body for every request (a like must name a new student each time). */
  nextBody?: () => string;
}): Promise<HttpFigures> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(options.nextBody
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: options.nextBody?.() }) }] }
      : {}),
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The raw node:http hello world, in its own process like the app server. */
async function startRaw(port: number) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'text/plain' }); s.end('hello world'); }).listen(${port}, '127.0.0.1', () => console.log('ready'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((ok) => child.stdout?.once('data', () => ok()));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGKILL');
      }),
  };
}

async function signedInCookie(base: string, dbFile: string): Promise<string> {
  const email = 'bench.user@ucla.edu';
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const db = new Database(dbFile, { readonly: true });
  const mail = db.prepare('SELECT text_body FROM mail_outbox WHERE to_address = ?').get(email) as
    | { text_body: string }
    | undefined;
  db.close();
  const link = mail && /https?:\/\/\S+/.exec(mail.text_body)?.[0];
  if (!link) throw new Error('no confirmation link in the outbox');
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/**
 * The write measured against the target: a like from a Gold member (no daily limit), each request
 * naming the next of the students seeded before the server started, so every like is a real
 * insert. The consent log stays as a second, simpler write.
 */
const LIKE_TARGETS = Number(process.env.BENCH_LIKE_TARGETS ?? 100_000);
let likeCursor = 0;
let likeTargets: string[] = [];
const WRITE_SCENARIOS = [
  {
    name: 'like',
    path: '/api/swipes',
    nextBody: () => JSON.stringify({ targetUserId: likeTargets[likeCursor++ % likeTargets.length], action: 'like' }),
  },
  {
    name: 'log-consent',
    path: '/api/log-consent',
    nextBody: () =>
      JSON.stringify({
        consentType: 'cookies',
        consentGiven: true,
        consentMethod: 'banner_interaction',
        consentVersion: '1.0',
        legalBasis: 'consent',
      }),
  },
];

/** Makes the bench user Gold so likes are not capped at 50 a day (D14). */
function makeGold(dbFile: string, email: string) {
  const db = new Database(dbFile);
  const user = db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };
  db.prepare(
    `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, updated_at) VALUES (?, 1, 'gold', ?, 0, ?)`,
  ).run(user.id, Date.now() + 86_400_000, Date.now());
  db.close();
}

async function argon2Cost(samples = 20) {
  const hasher = new Argon2PasswordHasher();
  await hasher.hash('warm-up-Password-1!');
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await hasher.hash(`Password-${i}-Xy!`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    samples,
    meanMs: round(times.reduce((a, b) => a + b, 0) / samples),
    medianMs: round(times[Math.floor(samples / 2)]!),
    maxMs: round(times[samples - 1]!),
  };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-bench-'));
  const dbFile = join(dir, 'db.sqlite');
  console.log(`[bench] seeding ${LIKE_TARGETS} students for the like scenario`);
  likeTargets = (await seedCampus(dbFile, LIKE_TARGETS)).ids;
  const server = await startServer({ dbFile, port: await freePort(), nodeEnv: 'production' });
  const raw = await startRaw(await freePort());
  try {
    console.log(`[bench] app ${server.url}, raw node:http ${raw.url}, ${CONNECTIONS} connections × ${DURATION_S}s`);
    const cookie = await signedInCookie(server.url, dbFile);
    makeGold(dbFile, 'bench.user@ucla.edu');

    console.log('[bench] raw node:http hello world');
    const rawFigures = await load({ url: raw.url });
    console.log('[bench] GET /api/me (signed in)');
    const me = await load({ url: `${server.url}/api/me`, headers: { cookie } });
    const writes: Record<string, HttpFigures & { path: string }> = {};
    for (const w of WRITE_SCENARIOS) {
      console.log(`[bench] POST ${w.path} (${w.name})`);
      const figures = await load({
        url: `${server.url}${w.path}`,
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        nextBody: w.nextBody,
      });
      writes[w.name] = { path: w.path, ...figures };
    }
    console.log('[bench] deck');
    const deck = await deckBenchmark();
    // The same deck on PostgreSQL when a server is configured (issue 10), reported beside SQLite.
    const deckPostgres = benchServerUrl() ? await deckBenchmark('postgres') : 'skipped: no BENCH_DATABASE_URL';
    console.log('[bench] WebSocket');
    const ws = await wsBenchmark();
    console.log('[bench] moderation classifier');
    const moderation = moderationBenchmark();
    console.log('[bench] argon2');
    const argon2 = await argon2Cost();
    const browser = await browserBenchmark();

    const ratio = (f: HttpFigures) => Math.round((f.requestsPerSec / rawFigures.requestsPerSec) * 1000) / 1000;
    const results = {
      at: new Date().toISOString(),
      machine: { node: process.version, platform: process.platform, cpus: (await import('node:os')).cpus().length },
      settings: { durationS: DURATION_S, connections: CONNECTIONS, serverMode: 'production', database: 'SQLite file' },
      targets: TARGETS,
      http: {
        rawNodeHttp: rawFigures,
        me: { ...me, ratioToRaw: ratio(me) },
        writes: Object.fromEntries(Object.entries(writes).map(([k, f]) => [k, { ...f, ratioToRaw: ratio(f) }])),
      },
      deck,
      deckPostgres,
      websocket: ws,
      moderation,
      argon2,
      initialJavaScript: browser.initialJavaScript,
      lighthouse: browser.lighthouse,
    };
    const outDir = join(REPO_ROOT, 'bench/results');
    mkdirSync(outDir, { recursive: true });
    const json = `${JSON.stringify(results, null, 2)}\n`;
    writeFileSync(join(outDir, `${results.at.replace(/[:.]/g, '-')}.json`), json);
    writeFileSync(join(outDir, 'latest.json'), json);
    console.log(json);
  } finally {
    await raw.stop();
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
