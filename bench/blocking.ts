/**
 * `npx tsx bench/blocking.ts` (issue 18, N257): the main thread's blocking time of Discover and Messages in
 * Chromium with its CPU slowed 4× through the DevTools protocol, a steadier measure than Lighthouse's
 * simulation on a noisy host. Each page is loaded `BENCH_BLOCKING_RUNS` times (default 3) in a fresh browser
 * on bench/browser.ts's server and campus; from a trace of the load, the time of every main-thread task over
 * 50 ms after the navigation is summed (as total blocking time is), with the longest task; the page is checked
 * to be the one named (bench/browser.ts's check). The landing page, signed out, is loaded the same way first
 * and printed beside each page: the baseline of the same run, since the figures move with the host's speed.
 * Needs `npm run build`.
 */
import puppeteer from 'puppeteer-core';
import { CONVERSATIONS, pageProblem, startBrowserBenchServer } from './browser';

const BASELINE = { name: 'landing', path: '/', signedIn: false };
const PAGES = [
  BASELINE,
  { name: 'discover', path: '/', signedIn: true },
  { name: 'messages', path: '/?tab=matches', signedIn: true },
];
const RUNS = Number(process.env.BENCH_BLOCKING_RUNS ?? 3);

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: unknown };

/** Blocking time and longest task after the navigation, on the page's main thread (the one that parsed it). */
function blocking(events: TraceEvent[], origin: string) {
  const parse = events.filter((e) => e.name === 'ParseHTML' && JSON.stringify(e.args ?? {}).includes(origin)).at(-1);
  if (!parse) throw new Error('the trace holds no parse of the page');
  const main = (e: TraceEvent) => e.pid === parse.pid && e.tid === parse.tid;
  const start = events.filter((e) => e.name === 'navigationStart' && e.pid === parse.pid).at(-1)?.ts;
  if (start === undefined) throw new Error('the trace holds no navigationStart of the page');
  const long = events
    .filter((e) => main(e) && e.name === 'RunTask' && e.ts > start && (e.dur ?? 0) > 50_000)
    .map((e) => (e.dur ?? 0) / 1000);
  return {
    blockingMs: Math.round(long.reduce((sum, d) => sum + d - 50, 0)),
    longestMs: Math.round(Math.max(0, ...long)),
  };
}

const server = await startBrowserBenchServer();
try {
  const origin = new URL(server.url).host;
  const describe = (runs: Array<ReturnType<typeof blocking>>) =>
    `blocking ${runs.map((r) => r.blockingMs).join(' / ')} ms, longest task ${runs.map((r) => r.longestMs).join(' / ')} ms`;
  let baseline = '';
  for (const page of PAGES) {
    const runs: Array<ReturnType<typeof blocking>> = [];
    for (let i = 0; i < RUNS; i++) {
      const browser = await puppeteer.launch({
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const tab = await browser.newPage();
        await tab.setViewport({ width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 });
        if (page.signedIn) {
          const [name, value] = server.cookie.split('=') as [string, string];
          await tab.setCookie({
            name,
            value,
            url: server.url,
            secure: true,
            httpOnly: true,
            sameSite: 'Lax',
            path: '/',
          });
        }
        const cdp = await tab.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await tab.tracing.start({
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'],
        });
        await tab.goto(`${server.url}${page.path}`, { waitUntil: 'load' });
        await new Promise((done) => setTimeout(done, 6000));
        const trace = JSON.parse(Buffer.from((await tab.tracing.stop()) ?? []).toString('utf8')) as {
          traceEvents: TraceEvent[];
        };
        // The page measured is the one named (as bench/browser.ts checks Lighthouse's), or the bench fails.
        await tab.evaluate('globalThis.__name = (f) => f');
        const problem = await tab.evaluate(pageProblem, page.name, CONVERSATIONS);
        if (problem) throw new Error(`${page.name} is not the page named: ${problem}`);
        runs.push(blocking(trace.traceEvents, origin));
      } finally {
        await browser.close();
      }
    }
    if (page === BASELINE) baseline = describe(runs);
    console.log(
      page === BASELINE
        ? `[bench] ${page.name} (signed out, this run's baseline) at 4× CPU: ${baseline}`
        : `[bench] ${page.name} at 4× CPU: ${describe(runs)} (baseline, the landing page: ${baseline})`,
    );
  }
} finally {
  await server.stop();
}
