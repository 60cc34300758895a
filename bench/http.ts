/**
 * HTTP measurement shared by the benchmarks (issue 18): autocannon runs with the server's CPU time
 * per request (read from /proc for the server process and its descendants, before and after the
 * run, so nothing is added to the server) and the load average, and the raw node:http hello world
 * they are compared with.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServer } from '../scripts/build';
import { REPO_ROOT } from '../tests/quality/support/server-process';

export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export type HttpFigures = {
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** How many answers of each status other than 2xx (e.g. { "409": 410 }), so a refusal is named. */
  non2xxByStatus?: Record<string, number>;
  /** Server CPU (user + system, the whole process tree) divided by the requests answered. */
  cpuUsPerRequest: number | null;
  /** The database server's CPU for the app's connections (PostgreSQL backends) per request, when asked. */
  dbCpuUsPerRequest?: number | null;
  /** The 1-minute load average when the run ended. */
  loadAverage1m: number;
};

/** Linux clock ticks per second (USER_HZ): 100 on every mainstream kernel. */
const TICKS_PER_SECOND = 100;

/** A process's parent and its user + system CPU in clock ticks, from /proc; null when it is gone or off Linux. */
function procStat(pid: number | string): { ppid: number; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start at state: ppid is 2nd, utime 12th, stime 13th.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return null;
  }
}

/** User + system CPU of these processes (not their children), in milliseconds; null off Linux. */
export function processesCpuMs(pids: number[]): number | null {
  if (process.platform !== 'linux') return null;
  // A process that ended while we looked adds nothing: its CPU since the last look is lost.
  const ticks = pids.reduce((sum, pid) => sum + (procStat(pid)?.ticks ?? 0), 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** User + system CPU of `pid` and every descendant, in milliseconds; null off Linux. */
export function processTreeCpuMs(pid: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const e of entries) {
    const stat = procStat(e);
    if (!stat) continue; // The process ended while we looked.
    parent.set(Number(e), stat.ppid);
    ticks.set(Number(e), stat.ticks);
  }
  if (!ticks.has(pid)) return null;
  let total = 0;
  const tree = new Set([pid]);
  // Parents are usually listed before their children, but not always: repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, ppid] of parent) {
      if (!tree.has(child) && tree.has(ppid)) {
        tree.add(child);
        grew = true;
      }
    }
  }
  for (const p of tree) total += ticks.get(p) ?? 0;
  return (total * 1000) / TICKS_PER_SECOND;
}

export async function load(options: {
  url: string;
  /** The server's process id: its CPU time per request is reported. */
  pid?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A fresh body for every request (a like must name a new student each time). */
  nextBody?: () => string;
  /** Fresh headers for every request too (requests by many signed-in students). */
  nextHeaders?: () => Record<string, string>;
  /** A fixed number of requests instead of the duration. */
  amount?: number;
  connections?: number;
  /** The database server's processes serving the app (PostgreSQL backends): their CPU per request too. */
  dbPids?: () => Promise<number[]>;
}): Promise<HttpFigures> {
  const dbPids = options.dbPids ? await options.dbPids() : null;
  const dbBefore = dbPids ? processesCpuMs(dbPids) : null;
  const cpuBefore = options.pid ? processTreeCpuMs(options.pid) : null;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: DURATION_S }),
    ...(options.nextBody
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(options.nextHeaders ? { headers: { ...req.headers, ...options.nextHeaders() } } : {}),
                body: options.nextBody?.(),
              }),
            },
          ],
        }
      : {}),
  });
  const cpuAfter = options.pid ? processTreeCpuMs(options.pid) : null;
  const dbAfter = dbPids ? processesCpuMs(dbPids) : null;
  const answered = result.requests.total;
  return {
    requestsPerSec: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: answered,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(result.non2xx > 0 ? { non2xxByStatus: non2xxByStatus(result.statusCodeStats) } : {}),
    cpuUsPerRequest:
      cpuBefore !== null && cpuAfter !== null && answered > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / answered)
        : null,
    ...(dbPids
      ? {
          dbCpuUsPerRequest:
            dbBefore !== null && dbAfter !== null && answered > 0
              ? Math.round(((dbAfter - dbBefore) * 1000) / answered)
              : null,
        }
      : {}),
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
  };
}

/** The raw node:http hello world, in its own process like the app server. */
export async function startRaw(port: number) {
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
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGKILL');
      }),
  };
}

function non2xxByStatus(stats: Record<string, { count?: number }> | undefined) {
  return Object.fromEntries(
    Object.entries(stats ?? {})
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, { count }]) => [status, count ?? 0]),
  );
}

export const ratio = (f: HttpFigures, raw: HttpFigures) =>
  Math.round((f.requestsPerSec / raw.requestsPerSec) * 1000) / 1000;

/** One line per figure, beside the raw baseline of the same run. */
export function describeFigure(name: string, f: HttpFigures, raw?: HttpFigures) {
  const beside = raw ? ` = ${(ratio(f, raw) * 100).toFixed(1)}% of raw (${raw.requestsPerSec}/s)` : '';
  const cpu = f.cpuUsPerRequest === null ? '' : `, ${f.cpuUsPerRequest} µs CPU/request`;
  const db = f.dbCpuUsPerRequest == null ? '' : ` (+ ${f.dbCpuUsPerRequest} µs database CPU)`;
  const statuses = f.non2xxByStatus
    ? ` (${Object.entries(f.non2xxByStatus)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')})`
    : '';
  const bad = f.errors + f.non2xx > 0 ? `, ${f.errors} errors, ${f.non2xx} non-2xx${statuses}` : '';
  return `[bench] ${name}: ${f.requestsPerSec}/s, p50 ${f.latencyP50Ms} ms, p99 ${f.latencyP99Ms} ms${cpu}${db}${beside}${bad}, load ${f.loadAverage1m}`;
}

let compiled: Promise<string> | undefined;
/**
 * The server as production runs it (issue 18): compiled by scripts/build.ts from the source as it is
 * now, into dist/bench/ (inside the checkout, so its packages resolve from node_modules).
 */
export const compiledServer = () => {
  compiled ??= buildServer(join(REPO_ROOT, 'dist/bench/server.js'));
  return compiled;
};
