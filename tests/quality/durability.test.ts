/**
 * Durability (issue 11 §4): acknowledged writes survive SIGKILL. The real server runs as a child
 * process while writers stream requests at it; it is killed mid-stream several times and
 * restarted, and afterwards every write that got a success answer is in the SQLite file, which
 * passes `PRAGMA integrity_check`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { seedCampus, seedConversations, seedSessions } from '../../bench/seed-campus';
import { GOOD_PASSWORD } from '../support/test-app';
import { freePort, type RunningServer, SERVER_SECRET, startServer } from './support/server-process';

/** One kind of acknowledged write: how to send write number n, and how to find it stored. */
type WriteKind = {
  name: string;
  send(base: string, n: number, signal: AbortSignal): Promise<boolean>;
  isStored(db: Database.Database, n: number): boolean;
};

// Each write comes from its own address (TRUST_PROXY), so per-IP sign-up limits do not cut the stream.
const clientHeaders = (n: number) => ({
  'content-type': 'application/json',
  'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
});

const post = (base: string, path: string, n: number, body: unknown, signal: AbortSignal) =>
  fetch(`${base}${path}`, { method: 'POST', headers: clientHeaders(n), body: JSON.stringify(body), signal });

/** Filled before the server first starts: a Gold member who likes, and a conversation to write in. */
const world = { liker: '', targets: [] as string[], conversation: '', cookies: new Map<string, string>() };

const signedPost = (base: string, path: string, userId: string, body: unknown, signal: AbortSignal) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: world.cookies.get(userId) as string },
    body: JSON.stringify(body),
    signal,
  });

const WRITE_KINDS: WriteKind[] = [
  {
    name: 'like',
    send: async (base, n, signal) =>
      (await signedPost(base, '/api/swipes', world.liker, { targetUserId: world.targets[n], action: 'like' }, signal))
        .status === 200,
    isStored: (db, n) =>
      db
        .prepare('SELECT 1 FROM matches WHERE user_id = ? AND matched_user_id = ?')
        .get(world.liker, world.targets[n]) !== undefined,
  },
  {
    name: 'message',
    send: async (base, n, signal) =>
      (
        await signedPost(
          base,
          `/api/conversations/${world.conversation}/messages`,
          world.liker,
          { content: `durable message ${n}` },
          signal,
        )
      ).status === 201,
    isStored: (db, n) =>
      db.prepare('SELECT 1 FROM messages WHERE content = ?').get(`durable message ${n}`) !== undefined,
  },
  {
    name: 'sign-up',
    send: async (base, n, signal) =>
      (await post(base, '/api/auth/sign-up', n, { email: `durable.${n}@ucla.edu`, password: GOOD_PASSWORD }, signal))
        .status === 201,
    isStored: (db, n) => db.prepare('SELECT 1 FROM users WHERE email = ?').get(`durable.${n}@ucla.edu`) !== undefined,
  },
  {
    name: 'consent log',
    send: async (base, n, signal) =>
      (
        await post(
          base,
          '/api/log-consent',
          n,
          {
            consentType: 'cookies',
            consentGiven: n % 2 === 0,
            consentMethod: `durable-${n}`,
            consentVersion: '1.0',
            legalBasis: 'consent',
          },
          signal,
        )
      ).status === 201,
    isStored: (db, n) =>
      db.prepare('SELECT 1 FROM consent_logs WHERE consent_method = ?').get(`durable-${n}`) !== undefined,
  },
];

const KILLS = 3;
const WRITERS = 4;
const ACKS_PER_ROUND = 12;
const ROUND_LIMIT_MS = 8_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('durability under SIGKILL', () => {
  it(`keeps every acknowledged write across ${KILLS} kills, and the database stays intact`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nestmate-durability-'));
    const dbFile = join(dir, 'db.sqlite');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = () => startServer({ dbFile, port, env: { TRUST_PROXY: 'true' } });
    // Students to like and a conversation to write in, loaded before the first start; one campus,
    // so every like is within the deck's reach (D13, N45), and one target for every write number
    // (writers run through numbers fast while a restarting server refuses them).
    const { ids } = await seedCampus(dbFile, 5_002, 7, 1);
    world.liker = ids[0] as string;
    world.targets = ids.slice(2);
    [world.conversation] = (await seedConversations(dbFile, [[ids[0] as string, ids[1] as string]])) as [string];
    world.cookies = await seedSessions(dbFile, [world.liker], SERVER_SECRET);
    const gold = new Database(dbFile);
    gold
      .prepare(
        `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, updated_at) VALUES (?, 1, 'gold', ?, 0, ?)`,
      )
      .run(world.liker, Date.now() + 86_400_000, Date.now());
    gold.close();

    const acked: { kind: WriteKind; n: number }[] = [];
    let next = 0;
    let inFlight = 0;
    let failures = 0;
    let writing = true;
    const writer = async () => {
      while (writing && next < 5_000) {
        const n = next++;
        const kind = WRITE_KINDS[n % WRITE_KINDS.length]!;
        inFlight++;
        try {
          if (await kind.send(base, n, AbortSignal.timeout(10_000))) acked.push({ kind, n });
        } catch {
          // Refused or cut off by the kill: not acknowledged, so not owed.
          failures++;
          await sleep(25);
        } finally {
          inFlight--;
        }
      }
    };

    let server: RunningServer | null = null;
    const writers: Promise<void>[] = [];
    const inFlightAtKill: number[] = [];
    try {
      server = await start();
      for (let i = 0; i < WRITERS; i++) writers.push(writer());
      for (let round = 0; round < KILLS; round++) {
        const target = acked.length + ACKS_PER_ROUND;
        const until = Date.now() + ROUND_LIMIT_MS;
        while (acked.length < target && Date.now() < until) await sleep(10);
        // Kill while writes are on the wire, never between them.
        while (inFlight === 0 && Date.now() < until + 1_000) await sleep(1);
        inFlightAtKill.push(inFlight);
        await server.stop('SIGKILL');
        server = await start();
      }
      const target = acked.length + ACKS_PER_ROUND;
      const until = Date.now() + ROUND_LIMIT_MS;
      while (acked.length < target && Date.now() < until) await sleep(10);
      writing = false;
      await Promise.all(writers);
      await server.stop('SIGTERM');
      server = null;

      expect(inFlightAtKill).toHaveLength(KILLS);
      expect(Math.min(...inFlightAtKill), 'writes in flight at each kill').toBeGreaterThan(0);
      for (const kind of WRITE_KINDS) {
        expect(acked.filter((a) => a.kind === kind).length, `acknowledged ${kind.name}s`).toBeGreaterThanOrEqual(
          KILLS * 2,
        );
      }

      const db = new Database(dbFile);
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const lost = acked.filter((a) => !a.kind.isStored(db, a.n)).map((a) => `${a.kind.name} #${a.n}`);
        expect(lost, `acknowledged writes missing (of ${acked.length}, ${failures} failed requests)`).toEqual([]);
      } finally {
        db.close();
      }
    } finally {
      writing = false;
      await server?.stop('SIGKILL');
      await Promise.allSettled(writers);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
