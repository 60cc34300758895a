/**
 * `npm run bench` (issue 11 §5, issue 18): HTTP throughput and latency beside a raw node:http
 * baseline with the server's CPU per request and the load average (bench/http.ts), the like path on
 * both engines (bench/like.ts), the deck, the abuse classifier beside the old rules (issue 15),
 * the day's Most Compatible matching of 10,000 students (bench/most-compatible.ts, issue 21),
 * argon2 cost, and the browser figures of bench/browser.ts (JavaScript shipped on first load,
 * Lighthouse scores). Writes bench/results/<time>.json and bench/results/latest.json;
 * bench/README.md summarises them. Never a timed test: figures depend on the machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Argon2PasswordHasher } from '../adapters/crypto/crypto';
import { freePort, REPO_ROOT, SERVER_SECRET, startServer } from '../tests/quality/support/server-process';
import { browserBenchmark } from './browser';
import { benchServerUrl, deckBenchmark } from './deck';
import {
  CONNECTIONS,
  compiledServer,
  DURATION_S,
  describeFigure,
  type HttpFigures,
  load,
  ratio,
  startRaw,
} from './http';
import { likeBenchmark } from './like';
import { moderationBenchmark } from './moderation';
import { mostCompatibleBenchmark } from './most-compatible';
import { seedCampus, seedSessions } from './seed-campus';
import { wsBenchmark } from './ws';

const TARGETS = {
  meVsRaw: 0.25,
  meCpuUs: 80,
  likeSqliteCpuUs: 250,
  likePostgresPerSec: 1_500,
};

/** BENCH_SECTIONS=http,like,deck,… runs only those sections (all by default). */
const SECTIONS = process.env.BENCH_SECTIONS?.split(',').map((s) => s.trim());
const wants = (section: string) => !SECTIONS || SECTIONS.includes(section);

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
  const students = Number(process.env.BENCH_STUDENTS ?? 100_000);
  console.log(`[bench] seeding ${students} students`);
  const ids = (await seedCampus(dbFile, students)).ids;
  const viewer = ids[ids.length - 1] as string;
  // The bench server runs in production mode, where the session cookie carries the __Host- prefix.
  const viewerCookie = (await seedSessions(dbFile, [viewer], SERVER_SECRET, '__Host-nm_at')).get(viewer) as string;
  const server = await startServer({
    dbFile,
    port: await freePort(),
    nodeEnv: 'production',
    compiled: await compiledServer(),
  });
  const raw = await startRaw(await freePort());
  try {
    console.log(`[bench] app ${server.url}, raw node:http ${raw.url}, ${CONNECTIONS} connections × ${DURATION_S}s`);
    const rawFigures = await load({ url: raw.url, pid: raw.pid });
    console.log(describeFigure('raw node:http hello world', rawFigures));
    const withRatio = (f: HttpFigures) => ({ ...f, ratioToRaw: ratio(f, rawFigures) });
    let http: Record<string, unknown> = { skipped: 'BENCH_SECTIONS' };
    if (wants('http')) {
      const headers = { cookie: viewerCookie };
      await load({ url: `${server.url}/api/me`, headers, amount: 500 }); // warm-up, not counted
      const me = await load({ url: `${server.url}/api/me`, pid: server.pid, headers });
      console.log(describeFigure('GET /api/me (signed in)', me, rawFigures));
      // A browser's Accept-Encoding: small JSON must not be compressed (issue 18 §2).
      const meBrowser = await load({
        url: `${server.url}/api/me`,
        pid: server.pid,
        headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      });
      console.log(describeFigure('GET /api/me (signed in, Accept-Encoding: gzip, deflate, br)', meBrowser, rawFigures));
      http = { me: withRatio(me), meWithAcceptEncoding: withRatio(meBrowser) };
    }
    let like: Record<string, unknown> = { skipped: 'BENCH_SECTIONS' };
    if (wants('like')) {
      console.log('[bench] like (bench/like.ts)');
      like = {
        sqlite: await likeBenchmark('sqlite', rawFigures),
        postgres: benchServerUrl() ? await likeBenchmark('postgres', rawFigures) : 'skipped: no BENCH_DATABASE_URL',
      };
    }
    let deck: unknown = 'skipped: BENCH_SECTIONS';
    let deckPostgres: unknown = 'skipped: BENCH_SECTIONS';
    if (wants('deck')) {
      console.log('[bench] deck');
      deck = await deckBenchmark();
      // The same deck on PostgreSQL when a server is configured (issue 10), reported beside SQLite.
      deckPostgres = benchServerUrl() ? await deckBenchmark('postgres') : 'skipped: no BENCH_DATABASE_URL';
    }
    const skipped = 'skipped: BENCH_SECTIONS';
    console.log('[bench] WebSocket');
    const ws = wants('ws') ? await wsBenchmark() : skipped;
    console.log('[bench] moderation classifier');
    const moderation = wants('moderation') ? moderationBenchmark() : skipped;
    console.log('[bench] Most Compatible today (10,000 students on one campus)');
    const mostCompatible = wants('most-compatible') ? mostCompatibleBenchmark() : skipped;
    console.log('[bench] argon2');
    const argon2 = wants('argon2') ? await argon2Cost() : skipped;
    const browser = wants('browser') ? await browserBenchmark() : { initialJavaScript: skipped, lighthouse: skipped };

    const results = {
      at: new Date().toISOString(),
      machine: { node: process.version, platform: process.platform, cpus: (await import('node:os')).cpus().length },
      settings: { durationS: DURATION_S, connections: CONNECTIONS, serverMode: 'production', database: 'SQLite file' },
      targets: TARGETS,
      loadAverage: loadavg(),
      http: { rawNodeHttp: rawFigures, ...http },
      like,
      deck,
      deckPostgres,
      websocket: ws,
      moderation,
      mostCompatible,
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
