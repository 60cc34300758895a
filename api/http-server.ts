/** Serves a built app over HTTP with the realtime WebSocket attached (used by server.ts and tests). */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { uuidIds } from '../adapters/crypto/crypto';
import type { Env } from '../config/env';
import type { createApp } from './app';
import { isSessionLive, sessionFromCookieHeader } from './middleware/session';
import { attachRealtime } from './realtime/realtime';

export async function listen(
  built: ReturnType<typeof createApp>,
  env: Pick<Env, 'HOST' | 'PORT' | 'APP_URL' | 'CALL_RING_TIMEOUT_SECONDS'>,
  log: (line: string) => void = (l) => console.log(l),
) {
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: built.app.fetch, hostname: env.HOST, port: env.PORT }, () => resolve(s as Server));
  });
  const realtime = attachRealtime(server, {
    clock: built.clock,
    ids: uuidIds,
    bus: built.realtime,
    conversations: built.db.conversations,
    messaging: {
      clock: built.clock,
      ids: uuidIds,
      conversations: built.db.conversations,
      groupChats: built.db.groupChats,
      flags: built.db.contentFlags,
      moderation: built.moderation,
      realtime: built.realtime,
      badges: built.db.profiles,
    },
    subscriptions: built.db.subscriptions,
    groupCalls: built.db.groupCalls,
    rateLimiter: built.db.rateLimiter,
    authenticate: (cookie) => sessionFromCookieHeader(built.sessionDeps, cookie),
    isLive: (user) => isSessionLive(built.sessionDeps, user),
    allowedOrigins: [new URL(env.APP_URL).origin],
    ringTimeoutMs: env.CALL_RING_TIMEOUT_SECONDS * 1000,
    log,
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    address,
    /** Stops at once; `graceMs` instead lets requests in flight finish (up to that long) first. */
    close: (options: { graceMs?: number } = {}) =>
      new Promise<void>((resolve) => {
        if (options.graceMs === undefined) {
          realtime.close();
          server.close(() => resolve());
          server.closeAllConnections?.();
          return;
        }
        realtime.close({ code: 1012, message: 'Server restarting, reconnect' });
        server.close(() => resolve());
        server.closeIdleConnections?.();
        setTimeout(() => server.closeAllConnections?.(), options.graceMs).unref();
      }),
  };
}
