/** Real WebSocket clients against the real app listening on a port (issue 5, issue 14). */
import WebSocket from 'ws';
import { listen } from '../../api/http-server';
import type { makeTestApp, TestClient } from './test-app';

type App = ReturnType<typeof makeTestApp>;
export type Frame = { type: string; [k: string]: unknown };

/** The app on a free port with the realtime endpoint attached; `url` is the socket's address. */
export async function listenLive(t: App, ringTimeoutSeconds = 1) {
  const http = await listen(
    t as unknown as Parameters<typeof listen>[0],
    { HOST: '127.0.0.1', PORT: 0, APP_URL: t.env.APP_URL, CALL_RING_TIMEOUT_SECONDS: ringTimeoutSeconds },
    () => {},
  );
  return { http, url: `ws://127.0.0.1:${http.address.port}/api/realtime` };
}

/** A socket carrying the client's cookies; `next(type)` waits for a frame, `closed` for the close code. */
export function connectSocket(url: string, c: TestClient | null) {
  const headers: Record<string, string> = {};
  if (c) headers.cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = new WebSocket(url, { headers });
  const frames: Frame[] = [];
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as Frame));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const next = async (type: string, timeout = 2000) => {
    const start = Date.now();
    for (;;) {
      const i = frames.findIndex((f) => f.type === type);
      if (i >= 0) return frames.splice(i, 1)[0] as Frame;
      if (Date.now() - start > timeout) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const sendFrame = (frame: object) => ws.send(JSON.stringify(frame));
  return { ws, opened, closed, next, frames, send: sendFrame };
}

/** Resolves with the close code, or rejects when the socket is still open after `ms`. */
export function closedWithin(socket: ReturnType<typeof connectSocket>, ms = 2000) {
  return Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms)),
  ]);
}
