/**
 * The PostgreSQL realtime bus (D4, N32) between two bus instances standing in for two API processes:
 * delivery across them, payloads beyond NOTIFY's 8,000 bytes, and no lost or doubled events when
 * the listening connection drops. Needs a PostgreSQL server (TEST_DATABASE_URL); CI sets it.
 */
import pg from 'pg';
import { uuidIds } from '../../adapters/crypto/crypto';
import { openDatabase } from '../../adapters/db/database';
import { PostgresRealtimeBus } from '../../adapters/realtime/postgres.bus';
import type { RealtimeEvent } from '../../core/messaging/ports';
import { createServerDatabase, serverUrl } from './support/databases';

const server = serverUrl();
if (!server) console.warn('[realtime-bus] TEST_DATABASE_URL is not set: the LISTEN/NOTIFY bus tests are skipped.');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const updated = (conversationId: string): RealtimeEvent => ({ type: 'conversation.updated', conversationId });

async function until(what: string, probe: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.runIf(server)('PostgreSQL realtime bus', () => {
  let url: string;
  let drop: () => Promise<void>;
  let one: PostgresRealtimeBus;
  let two: PostgresRealtimeBus;
  const logs: string[] = [];

  beforeAll(async () => {
    const created = await createServerDatabase(server as string);
    url = created.url;
    drop = created.drop;
    const db = openDatabase(url, uuidIds);
    await db.ready();
    await db.close();
    one = new PostgresRealtimeBus(url, { log: (l) => logs.push(l) });
    two = new PostgresRealtimeBus(url, { log: (l) => logs.push(l), reconnectDelayMs: 50 });
    await Promise.all([one.start(), two.start()]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await drop?.();
  });

  it('delivers an event published on one process to a subscriber on the other, once, and only to them', async () => {
    const got: RealtimeEvent[] = [];
    const other: RealtimeEvent[] = [];
    const off = two.subscribe('user-a', (e) => got.push(e));
    const offOther = two.subscribe('user-b', (e) => other.push(e));
    await one.publish('user-a', updated('c1'));
    const long = 'x'.repeat(10_000);
    await one.publish('user-a', {
      type: 'message.created',
      message: {
        id: 'm1',
        seq: 1,
        conversationId: 'c1',
        senderId: 'user-b',
        content: long,
        isRead: false,
        createdAt: new Date(0).toISOString(),
      },
    } as RealtimeEvent);
    await until('both events', () => got.length === 2);
    await sleep(200);
    expect(got[0]).toEqual(updated('c1'));
    expect(got[1]?.type === 'message.created' && got[1].message.content).toBe(long);
    expect(other).toEqual([]);
    off();
    offOther();
  });

  it('loses nothing and doubles nothing when the listening connection drops', async () => {
    const got: string[] = [];
    const off = two.subscribe('user-c', (e) => {
      if (e.type === 'conversation.updated') got.push(e.conversationId);
    });
    await one.publish('user-c', updated('before'));
    await until('the first event', () => got.length === 1);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'nestmate-realtime-listener' AND datname = current_database()`,
    );
    await admin.end();
    const during = Array.from({ length: 10 }, (_, i) => `during-${i}`);
    for (const id of during) await one.publish('user-c', updated(id));
    await until('every event sent during the drop', () => got.length >= 11);
    await sleep(500);
    expect(got).toEqual(['before', ...during]);
    expect(logs.some((l) => l.includes('listener connection lost'))).toBe(true);
    off();
  }, 30_000);
});
