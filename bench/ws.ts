/**
 * WebSocket benchmark (issue 5): 2,000 clients in 1,000 conversations on the real server; messages
 * sent at a fixed rate, over the sender's own socket (`message.send`, the default) or over HTTP
 * (`BENCH_WS_SEND=http`); send-to-receive latency p50/p99, messages per second, and how many were
 * lost. Target: p99 ≤ 20 ms at 1,000 messages per second on this 2-core machine.
 * `BENCH_WS_CLIENTS`, `BENCH_WS_RATE` and `BENCH_WS_SECONDS` change the load; `BENCH_WS_PORT` fixes the
 * server's port and `BENCH_SERVER_NODE_OPTIONS` sets its NODE_OPTIONS (e.g. a profiler's `--require`).
 * Beside the latencies (N230): the server's and this process's CPU per message (they do not swing
 * with the machine's load the way latency does), the frames a message costs by type, this process's
 * event-loop delay, how many 100 ms windows hold the messages at p99 (a few: a stall), and the load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { freePort, SERVER_SECRET, startServer } from '../tests/quality/support/server-process';
import { processTreeCpuMs } from './http';
import { seedCampus, seedConversations, seedSessions } from './seed-campus';

const CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 2000);
const RATE = Number(process.env.BENCH_WS_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 10);
const TRANSPORT: 'socket' | 'http' = process.env.BENCH_WS_SEND === 'http' ? 'http' : 'socket';

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function wsBenchmark() {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-ws-'));
  const dbFile = join(dir, 'ws.sqlite');
  const { ids } = await seedCampus(dbFile, CLIENTS);
  // Pairs become matches with a conversation; every user gets a live session.
  const pairs: [string, string, string][] = [];
  const pairIds: [string, string][] = [];
  for (let i = 0; i + 1 < ids.length; i += 2) pairIds.push([ids[i] as string, ids[i + 1] as string]);
  const conversations = await seedConversations(dbFile, pairIds);
  pairIds.forEach(([a, b], i) => {
    pairs.push([conversations[i] as string, a, b]);
  });
  const cookies = await seedSessions(dbFile, ids, SERVER_SECRET);

  const server = await startServer({
    dbFile,
    port: Number(process.env.BENCH_WS_PORT) || (await freePort()),
    nodeEnv: 'test',
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { env: { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } } : {}),
  });
  const wsUrl = `${server.url.replace('http', 'ws')}/api/realtime`;
  const latencies: number[] = [];
  /** When each delivered message was sent (ms after the start) beside its latency: are the slow ones bunched? */
  const timeline: [number, number][] = [];
  const frames = new Map<string, number>();
  let received = 0;
  const sockets: WebSocket[] = [];
  const socketOf = new Map<string, WebSocket>();
  /** Sends over a socket waiting for their ack (`message.sent`) or refusal (`error`), by ref. */
  const awaiting = new Map<string, (ok: boolean) => void>();
  try {
    await Promise.all(
      ids.map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const ws = new WebSocket(wsUrl, { headers: { cookie: cookies.get(id) as string } });
            ws.on('message', (data) => {
              const frame = JSON.parse(String(data)) as {
                type: string;
                ref?: string;
                message?: { content: string; senderId: string };
              };
              frames.set(frame.type, (frames.get(frame.type) ?? 0) + 1);
              if ((frame.type === 'message.sent' || frame.type === 'error') && frame.ref) {
                awaiting.get(frame.ref)?.(frame.type === 'message.sent');
                awaiting.delete(frame.ref);
              }
              if (frame.type === 'message.created' && frame.message && frame.message.senderId !== id) {
                const sentAt = Number(frame.message.content.split('|')[0]);
                latencies.push(performance.now() - sentAt);
                timeline.push([sentAt, performance.now() - sentAt]);
                received++;
              }
            });
            ws.once('open', () => resolve());
            ws.once('error', reject);
            sockets.push(ws);
            socketOf.set(id, ws);
          }),
      ),
    );
    let sent = 0;
    let failed = 0;
    const total = RATE * SECONDS;
    const start = performance.now();
    const serverCpuBefore = processTreeCpuMs(server.pid);
    const benchCpuBefore = process.cpuUsage();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    // At most MAX_IN_FLIGHT requests at once: past that the sender waits (and the achieved rate
    // shows it) instead of opening thousands of connections the server cannot accept in time.
    const MAX_IN_FLIGHT = 256;
    const inflight = new Set<Promise<void>>();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      while (inflight.size >= MAX_IN_FLIGHT) await Promise.race(inflight);
      const [conv, a, b] = pairs[i % pairs.length] as [string, string, string];
      const sender = (i / pairs.length) % 2 < 1 ? a : b;
      const content = `${performance.now()}|${i}`;
      const accepted: Promise<boolean> =
        TRANSPORT === 'socket'
          ? new Promise((resolve) => {
              awaiting.set(`m${i}`, resolve);
              socketOf
                .get(sender)
                ?.send(JSON.stringify({ type: 'message.send', ref: `m${i}`, conversationId: conv, content }));
            })
          : fetch(`${server.url}/api/conversations/${conv}/messages`, {
              method: 'POST',
              headers: { cookie: cookies.get(sender) as string, 'content-type': 'application/json' },
              body: JSON.stringify({ content }),
            }).then(async (r) => {
              await r.arrayBuffer();
              return r.status === 201;
            });
      const request: Promise<void> = accepted
        .then((ok) => {
          if (ok) sent++;
          else failed++;
        })
        .catch(() => {
          failed++;
        })
        .finally(() => {
          inflight.delete(request);
        });
      inflight.add(request);
    }
    await Promise.all(inflight);
    const elapsed = (performance.now() - start) / 1000;
    const settle = Date.now() + 5000;
    while (received < sent && Date.now() < settle) await new Promise((r) => setTimeout(r, 50));
    loop.disable();
    const serverCpuAfter = processTreeCpuMs(server.pid);
    const benchCpu = process.cpuUsage(benchCpuBefore);
    latencies.sort((x, y) => x - y);
    const p99 = pct(latencies, 99);
    // The 100 ms windows (by send time) holding the messages at or over p99: a few windows is a stall.
    const slowWindows = new Set(timeline.filter(([, l]) => l >= p99).map(([t]) => Math.floor((t - start) / 100)));
    return {
      transport: TRANSPORT,
      clients: CLIENTS,
      conversations: pairs.length,
      targetRatePerSec: RATE,
      seconds: SECONDS,
      sent,
      failedSends: failed,
      received,
      lost: sent - received,
      achievedRatePerSec: round2(sent / elapsed),
      latencyP50Ms: round2(pct(latencies, 50)),
      latencyP99Ms: round2(p99),
      latencyMaxMs: round2(latencies[latencies.length - 1] ?? 0),
      slowWindows100ms: slowWindows.size,
      framesPerMessage: Object.fromEntries([...frames].map(([type, n]) => [type, round2(n / Math.max(1, sent))])),
      targetP99Ms: 20,
      serverCpuUsPerMessage:
        serverCpuBefore === null || serverCpuAfter === null
          ? null
          : Math.round(((serverCpuAfter - serverCpuBefore) * 1000) / Math.max(1, sent)),
      benchCpuUsPerMessage: Math.round((benchCpu.user + benchCpu.system) / Math.max(1, sent)),
      benchLoopDelayP99Ms: round2(loop.percentile(99) / 1e6),
      loadAverage1m: round2(loadavg()[0] ?? 0),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await wsBenchmark();
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/ws-latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(figures);
}
