/**
 * The browser half of `npm run bench` (issue 18): JavaScript shipped on first load and Lighthouse
 * scores of the landing page, Discover and Messages. bench/run.ts calls `browserBenchmark` with its
 * server and seeded viewer; the HTTP figures stay in run.ts.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { freePort, REPO_ROOT, SERVER_SECRET, startServer } from '../tests/quality/support/server-process';
import { seedCampus, seedSessions } from './seed-campus';

/** Students on the viewer's campus (one university, all in reach of each other). */
const CAMPUS_SIZE = 2_000;

export const BROWSER_TARGETS = {
  initialJsGzipKb: 170,
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
};

function initialJavaScriptFigures() {
  const dist = join(REPO_ROOT, 'dist/web');
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return { skipped: 'dist/web/index.html is missing: run `npm run build` first' };
  const html = readFileSync(index, 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) files.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) files.add(m[1]!);
  const perFile = [...files].map((src) => {
    const bytes = readFileSync(join(dist, src.replace(/^\//, '')));
    return { file: src, rawKb: kb(bytes.length), gzipKb: kb(gzipSync(bytes, { level: 9 }).length) };
  });
  return {
    files: perFile,
    rawKb: round1(perFile.reduce((a, f) => a + f.rawKb, 0)),
    gzipKb: round1(perFile.reduce((a, f) => a + f.gzipKb, 0)),
    targetGzipKb: BROWSER_TARGETS.initialJsGzipKb,
  };
}
const round1 = (n: number) => Math.round(n * 10) / 10;
const kb = (bytes: number) => round1(bytes / 1024);

/** Lighthouse pages; Discover and Messages arrive with their issues and take their slots here. */
/** Discover and Messages are seen as a seeded student with a complete profile (a minted session). */
const LIGHTHOUSE_PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'discover', path: '/', signedIn: true },
  { name: 'messages', path: '/?tab=matches', signedIn: true },
];

async function lighthouse(base: string, cookie: string) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chrome)) return { skipped: `no Chromium at ${chrome} (set CHROME_PATH)` };
  if (!existsSync(join(REPO_ROOT, 'dist/web/index.html')))
    return { skipped: 'dist/web is missing: run `npm run build`' };
  const out: Record<string, unknown> = {};
  for (const page of LIGHTHOUSE_PAGES) {
    const report = join(mkdtempSync(join(tmpdir(), 'nestmate-lh-')), 'report.json');
    await promisify(execFile)(
      join(REPO_ROOT, 'node_modules/.bin/lighthouse'),
      [
        `${base}${page.path}`,
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--quiet',
        ...(page.signedIn ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 },
    );
    const lhr = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { score: number | null; numericValue?: number; title: string }>;
    };
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failing = Object.entries(lhr.audits)
      .filter(([, a]) => a.score !== null && a.score < 0.9)
      .map(([id, a]) => `${id}: ${a.title}`)
      .slice(0, 15);
    out[page.name] = {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      firstContentfulPaintMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      totalBlockingTimeMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      auditsBelow90: failing,
    };
    rmSync(report, { force: true });
  }
  return out;
}

/**
 * Its own server (production mode, a temporary SQLite file) on a small seeded campus, so the pages
 * are measured apart from the HTTP load of bench/run.ts.
 */
export async function browserBenchmark() {
  console.log('[bench] initial JavaScript');
  const initialJavaScript = initialJavaScriptFigures();
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-browser-bench-'));
  const dbFile = join(dir, 'db.sqlite');
  try {
    const ids = (await seedCampus(dbFile, CAMPUS_SIZE, 11, 1)).ids;
    const viewer = ids[ids.length - 1] as string;
    // The bench server runs in production mode, where the session cookie carries the __Host- prefix.
    const cookie = (await seedSessions(dbFile, [viewer], SERVER_SECRET, '__Host-nm_at')).get(viewer) as string;
    const server = await startServer({ dbFile, port: await freePort(), nodeEnv: 'production' });
    try {
      console.log('[bench] Lighthouse');
      const lighthouseFigures = await lighthouse(server.url, cookie);
      return { targets: BROWSER_TARGETS, initialJavaScript, lighthouse: lighthouseFigures };
    } finally {
      await server.stop('SIGTERM');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await browserBenchmark();
  mkdirSync(join(REPO_ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(REPO_ROOT, 'bench/results/browser-latest.json'),
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(JSON.stringify(figures, null, 2));
}
