/**
 * Several API processes on one PostgreSQL (D4, issue 10): realtime events cross from one process to a
 * socket on another through LISTEN/NOTIFY (also after the listening connection drops), limits hold
 * across processes, and a process killed with SIGKILL mid-stream loses nothing it acknowledged.
 * Needs a PostgreSQL server (TEST_DATABASE_URL); CI sets it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { Argon2PasswordHasher, uuidIds } from '../../adapters/crypto/crypto';
import { type Database, openDatabase } from '../../adapters/db/database';
import { EXIT, run } from '../../cli/main';
import { REALTIME_CLOSE } from '../../core/messaging/ports';
import { PROMPTS } from '../../fixtures/prompts';
import { UNIVERSITIES } from '../../fixtures/universities';
import { createServerDatabase, serverUrl } from '../contract/support/databases';
import { GOOD_PASSWORD } from '../support/test-app';
import { freePort, type RunningServer, startServer } from './support/server-process';

const server = serverUrl();
if (!server) {
  console.warn(
    '[multi-process] TEST_DATABASE_URL is not set: the two-process PostgreSQL tests are skipped. ' +
      'Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres to run them.',
  );
}

const UCLA = 'University of California, Los Angeles';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Frame = { type: string; message?: { id: string; content: string; seq: number }; userId?: string };

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = probe();
    if (v) return v;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A confirmed student with Terms accepted and a complete profile with a photo. */
async function student(db: Database, hash: string, name: string) {
  const id = randomUUID();
  const now = new Date();
  await db.users.create({
    id,
    email: `${name.toLowerCase()}.${id.slice(0, 8)}@ucla.edu`,
    passwordHash: hash,
    emailConfirmedAt: now,
    status: 'active',
    createdAt: now,
  });
  await db.agreements.save(
    {
      userId: id,
      tosAccepted: true,
      tosAcceptedAt: now,
      privacyAccepted: true,
      privacyAcceptedAt: now,
      marketingAccepted: false,
      marketingAcceptedAt: null,
      userAgent: null,
      ipAddress: null,
    },
    now,
  );
  await db.profiles.save(
    id,
    {
      basics: {
        name,
        bio: 'Tidy and quiet.',
        university: UCLA,
        major: 'History',
        graduationYear: 2027,
        gender: 'Woman',
        genderSelfDescribe: null,
      },
      prompts: PROMPTS.filter((p) => p.isActive)
        .slice(0, 3)
        .map((p) => ({ promptId: p.id, response: 'Something true' })),
      preferences: {
        cleanliness: 4,
        noiseLevel: 2,
        sleepSchedule: 2,
        studyHabits: 4,
        guestPolicy: 3,
        smokingTolerance: 'no_smoking',
        housingStatus: 'looking_to_join',
        financialStatus: 'part-time',
        needsCosigner: 'no',
        moveIn: 'fall-2027',
        moveInDate: null,
        minBudget: 800,
        maxBudget: 1400,
        preferredNeighborhoods: [],
        dealbreakers: [],
        genderPreference: ['Open to all'],
      },
    },
    { complete: true },
    now,
  );
  await db.profiles.addPhoto(id, { id: randomUUID(), key: `${id}/p.webp` }, 6, now);
  const user = await db.users.findById(id);
  return { id, email: user?.email as string };
}

/** Signs in through one server and returns its cookie header (valid on every server: shared secret). */
async function signIn(base: string, email: string, password = GOOD_PASSWORD) {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      'x-forwarded-for': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

function call(base: string, cookie: string, method: string, path: string, body?: unknown, signal?: AbortSignal) {
  return fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** Gold for a day, written straight to the database. */
async function makeGold(db: Database, userId: string) {
  const now = new Date();
  await db.subscriptions.set(
    userId,
    { isPremium: true, tier: 'gold', subscriptionEnd: new Date(now.getTime() + 86_400_000), cancelled: false },
    now,
  );
}

function socket(base: string, cookie: string) {
  const frames: Frame[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime`, { headers: { cookie } });
  ws.on('message', (d) => frames.push(JSON.parse(String(d)) as Frame));
  const ready = until('the socket to be ready', () => frames.some((f) => f.type === 'ready'));
  return { ws, frames, ready };
}

describe.runIf(server)('several API processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let url: string;
  let db: Database;
  const servers: RunningServer[] = [];
  let ports: [number, number];
  const start = async (i: 0 | 1) => {
    servers[i] = await startServer({
      dbFile: '',
      databaseUrl: url,
      port: ports[i],
      readyTimeoutMs: 60_000,
      // Each sign-in comes from its own address, so per-IP limits do not cut across the tests.
      env: { TRUST_PROXY: 'true', CALL_RING_TIMEOUT_SECONDS: '5' },
    });
    return servers[i] as RunningServer;
  };

  beforeAll(async () => {
    const created = await createServerDatabase(server as string);
    url = created.url;
    drop = created.drop;
    db = openDatabase(url, uuidIds);
    await db.ready();
    await db.referenceData.upsert(UNIVERSITIES, PROMPTS);
    ports = [await freePort(), await freePort()];
    await Promise.all([start(0), start(1)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s?.stop('SIGTERM')));
    await db?.close();
    await drop?.();
  }, 60_000);

  it('delivers a match and a message from process 1 to a socket on process 2, and back', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const a = await student(db, hash, 'Avery');
    const b = await student(db, hash, 'Blake');
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    const sa = await signIn(p1, a.email);
    const sb = await signIn(p2, b.email);
    expect([sa.status, sb.status]).toEqual([200, 200]);
    const wa = socket(p1, sa.cookie);
    const wb = socket(p2, sb.cookie);
    await Promise.all([wa.ready, wb.ready]);

    expect((await call(p2, sb.cookie, 'POST', '/api/swipes', { targetUserId: a.id, action: 'like' })).status).toBe(200);
    expect((await call(p1, sa.cookie, 'POST', '/api/swipes', { targetUserId: b.id, action: 'like' })).status).toBe(200);
    // The match happened on process 1; Blake's socket is on process 2.
    const matchB = await until('the match on process 2', () => wb.frames.find((f) => f.type === 'match.created'));
    expect(matchB.userId).toBe(a.id);
    await until('the match on process 1', () => wa.frames.find((f) => f.type === 'match.created'));

    const conversationId = [a.id, b.id].sort().join('_');
    const sent = await call(p1, sa.cookie, 'POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Hi from process 1',
    });
    expect(sent.status).toBe(201);
    const got = await until('the message on process 2', () =>
      wb.frames.find((f) => f.type === 'message.created' && f.message?.content === 'Hi from process 1'),
    );
    expect(got.message?.id).toBe(((await sent.json()) as { message: { id: string } }).message.id);
    const reply = await call(p2, sb.cookie, 'POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Hi back from process 2',
    });
    expect(reply.status).toBe(201);
    await until('the reply on process 1', () =>
      wa.frames.find((f) => f.type === 'message.created' && f.message?.content === 'Hi back from process 2'),
    );

    // The listening connections drop (a PostgreSQL restart or failover looks like this); messages
    // sent meanwhile still arrive, each exactly once.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const killed = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = 'nestmate-realtime-listener' AND datname = current_database()`,
    );
    await admin.end();
    expect(killed.rowCount).toBe(2);
    const during = Array.from({ length: 8 }, (_, i) => `during the outage ${i}`);
    for (const content of during) {
      const r = await call(p1, sa.cookie, 'POST', `/api/conversations/${conversationId}/messages`, { content });
      expect(r.status).toBe(201);
    }
    await until(
      'every message sent during the outage',
      () => during.every((c) => wb.frames.some((f) => f.message?.content === c)),
      15_000,
    );
    await sleep(500);
    const received = wb.frames.filter((f) => f.type === 'message.created').map((f) => f.message?.content);
    for (const c of during) expect(received.filter((x) => x === c)).toHaveLength(1);
    wa.ws.close();
    wb.ws.close();
  }, 90_000);

  it('connects a call whose two sides are on different processes, and does not time out an answered call', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const a = await student(db, hash, 'Harper');
    const b = await student(db, hash, 'Indigo');
    await makeGold(db, a.id);
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    const sa = await signIn(p1, a.email);
    const sb = await signIn(p2, b.email);
    await call(p1, sa.cookie, 'POST', '/api/swipes', { targetUserId: b.id, action: 'like' });
    await call(p2, sb.cookie, 'POST', '/api/swipes', { targetUserId: a.id, action: 'like' });
    const wa = socket(p1, sa.cookie);
    const wb = socket(p2, sb.cookie);
    await Promise.all([wa.ready, wb.ready]);
    type CallFrame = Frame & { callId?: string; signal?: { kind: string; callId: string; sdp?: string } };
    const signals = (frames: Frame[], kind: string) =>
      (frames as CallFrame[]).filter((f) => f.type === 'call' && f.signal?.kind === kind);

    wa.ws.send(JSON.stringify({ type: 'call', kind: 'offer', toUserId: b.id, media: 'voice', sdp: 'v=0' }));
    const offer = await until('the offer on process 2', () => signals(wb.frames, 'offer')[0]);
    const callId = offer.signal?.callId as string;
    // The answer goes through process 2, which did not take the offer.
    wb.ws.send(JSON.stringify({ type: 'call', kind: 'answer', toUserId: a.id, callId, sdp: 'v=1' }));
    const answer = await until('the answer on process 1', () => signals(wa.frames, 'answer')[0]);
    expect(answer.signal).toMatchObject({ callId, sdp: 'v=1' });
    wb.ws.send(JSON.stringify({ type: 'call', kind: 'ice', toUserId: a.id, callId, candidate: 'candidate:1' }));
    await until('the candidate on process 1', () => signals(wa.frames, 'ice')[0]);
    // Someone outside the call cannot use its id through either process.
    const c = await student(db, hash, 'Jules');
    const wc = socket(p2, (await signIn(p2, c.email)).cookie);
    await wc.ready;
    wc.ws.send(JSON.stringify({ type: 'call', kind: 'answer', toUserId: a.id, callId, sdp: 'forged' }));
    await until('the refusal', () => (wc.frames as CallFrame[]).find((f) => f.type === 'error'));
    // Past the ring timeout (5 s), an answered call is not ended by the process that took the offer.
    await sleep(6000);
    expect(signals(wa.frames, 'ringing-timeout')).toEqual([]);
    expect(signals(wb.frames, 'ringing-timeout')).toEqual([]);
    expect(signals(wa.frames, 'answer').map((f) => f.signal?.sdp)).toEqual(['v=1']);
    for (const w of [wa, wb, wc]) w.ws.close();
  }, 60_000);

  it('holds a group call whose members are on different processes: ring, join, signals, leave (issue 20)', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const [a, b, c] = [await student(db, hash, 'Kai'), await student(db, hash, 'Lane'), await student(db, hash, 'Mo')];
    await makeGold(db, a.id);
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    const [sa, sb, sc] = [await signIn(p1, a.email), await signIn(p2, b.email), await signIn(p1, c.email)];
    const created = await call(p1, sa.cookie, 'POST', '/api/groups', { name: 'Two Processes' });
    expect(created.status).toBe(201);
    const groupId = ((await created.json()) as { group: { id: string } }).group.id;
    for (const [base, s] of [
      [p2, sb],
      [p1, sc],
    ] as const) {
      const code = await call(p1, sa.cookie, 'POST', `/api/groups/${groupId}/invite-code`);
      const { inviteCode } = (await code.json()) as { inviteCode: string };
      expect((await call(base, s.cookie, 'POST', '/api/groups/join', { inviteCode })).status).toBe(200);
    }
    const conversationId = `group-${groupId}`;
    const [wa, wb, wc] = [socket(p1, sa.cookie), socket(p2, sb.cookie), socket(p1, sc.cookie)];
    await Promise.all([wa.ready, wb.ready, wc.ready]);
    type Event = { kind: string; callId?: string; fromUserId?: string; userId?: string; participantIds?: string[] };
    const events = (frames: Frame[], kind: string) =>
      (frames as (Frame & { event?: Event })[])
        .filter((f) => f.type === 'group-call' && f.event?.kind === kind)
        .map((f) => f.event as Event);

    wa.ws.send(JSON.stringify({ type: 'group-call', action: 'start', conversationId, media: 'video' }));
    const ring = await until('the ring on process 2', () => events(wb.frames, 'ringing')[0]);
    const callId = ring.callId as string;
    // Lane joins through process 2; Kai, on process 1, hears it and Lane is told Kai is in.
    wb.ws.send(JSON.stringify({ type: 'group-call', action: 'join', callId }));
    expect((await until('joined on process 2', () => events(wb.frames, 'joined')[0])).participantIds).toEqual([a.id]);
    await until('the join on process 1', () => events(wa.frames, 'participant-joined')[0]);
    wb.ws.send(
      JSON.stringify({ type: 'group-call', action: 'signal', callId, toUserId: a.id, signal: 'offer', sdp: 'v=0' }),
    );
    expect(await until('the offer on process 1', () => events(wa.frames, 'signal')[0])).toMatchObject({
      fromUserId: b.id,
    });
    // Past the ring timeout (5 s), the process that took the start does not end an answered call.
    await sleep(6000);
    expect(events(wa.frames, 'ended')).toEqual([]);
    // Lane's socket on process 2 closes: Kai hears Lane left; Mo, never in it, can still join.
    wb.ws.close();
    expect(await until('the leave on process 1', () => events(wa.frames, 'participant-left')[0])).toMatchObject({
      userId: b.id,
    });
    wc.ws.send(JSON.stringify({ type: 'group-call', action: 'join', callId }));
    await until('Mo joined', () => events(wc.frames, 'joined')[0]);
    for (const w of [wa, wc]) w.ws.close();
  }, 60_000);

  it('closes sockets on every process when a session ends on another, or the CLI suspends the account (issue 14)', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const k = await student(db, hash, 'Kai');
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    const laptop = await signIn(p1, k.email);
    const phone = await signIn(p1, k.email);
    const wl = socket(p2, laptop.cookie);
    const wp = socket(p2, phone.cookie);
    await Promise.all([wl.ready, wp.ready]);
    // At once: well before the 25 s heartbeat, whose session check would close them anyway.
    const closeCode = (w: ReturnType<typeof socket>) =>
      new Promise<number>((resolve, reject) => {
        w.ws.once('close', (code) => resolve(code));
        setTimeout(() => reject(new Error('socket still open')), 5000).unref();
      });
    const [laptopClosed, phoneClosed] = [closeCode(wl), closeCode(wp)];

    // Signing out through process 1 closes that session's socket on process 2, and only that one.
    expect((await call(p1, laptop.cookie, 'POST', '/api/auth/sign-out')).status).toBe(204);
    expect(await laptopClosed).toBe(REALTIME_CLOSE.sessionEnded);
    wp.ws.send(JSON.stringify({ type: 'ping' }));
    await until('the phone socket to answer', () => wp.frames.find((f) => f.type === 'pong'));

    // The CLI, a third process with no HTTP server, suspends the account through PostgreSQL.
    const code = await run(['users', 'suspend', k.email], {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      JWT_SECRET: 'cli-secret-cli-secret-cli-secret-123456',
    });
    expect(code).toBe(EXIT.ok);
    expect(await phoneClosed).toBe(REALTIME_CLOSE.sessionEnded);
  }, 60_000);

  it('holds the hourly message cap across processes when both take messages at once', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const a = await student(db, hash, 'Finley');
    const b = await student(db, hash, 'Gray');
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    const sa = await signIn(p1, a.email);
    const sb = await signIn(p2, b.email);
    await call(p1, sa.cookie, 'POST', '/api/swipes', { targetUserId: b.id, action: 'like' });
    await call(p2, sb.cookie, 'POST', '/api/swipes', { targetUserId: a.id, action: 'like' });
    const conversationId = [a.id, b.id].sort().join('_');
    const statuses: number[] = [];
    let next = 0;
    // 230 messages, 16 at a time, alternating between the processes; D19 allows 200 an hour.
    const worker = async () => {
      while (next < 230) {
        const i = next++;
        const r = await call(
          i % 2 === 0 ? p1 : p2,
          sa.cookie,
          'POST',
          `/api/conversations/${conversationId}/messages`,
          {
            content: `burst ${i}`,
          },
        );
        statuses.push(r.status);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(statuses.filter((s) => s === 201)).toHaveLength(200);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(await db.conversations.messages(conversationId, b.id, { limit: 1000 })).toHaveLength(200);
  }, 120_000);

  it('holds the sign-in lock across processes: failures on either count together', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const c = await student(db, hash, 'Casey');
    const [p1, p2] = [servers[0]!.url, servers[1]!.url];
    for (let i = 0; i < 10; i++) {
      const r = await signIn(i % 2 === 0 ? p1 : p2, c.email, 'Wrong-Password-1!');
      expect(r.status).toBe(401);
    }
    // The right password is refused now on both processes (D9: 10 failures lock the address).
    expect((await signIn(p1, c.email)).status).toBe(429);
    expect((await signIn(p2, c.email)).status).toBe(429);
  }, 90_000);

  it('keeps every acknowledged message when a process is killed with SIGKILL mid-stream', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const a = await student(db, hash, 'Drew');
    const b = await student(db, hash, 'Emery');
    const p1 = servers[0]!.url;
    const sa = await signIn(p1, a.email);
    const sb = await signIn(servers[1]!.url, b.email);
    await call(p1, sa.cookie, 'POST', '/api/swipes', { targetUserId: b.id, action: 'like' });
    await call(servers[1]!.url, sb.cookie, 'POST', '/api/swipes', { targetUserId: a.id, action: 'like' });
    const conversationId = [a.id, b.id].sort().join('_');
    const acked: string[] = [];
    const controller = new AbortController();
    let n = 0;
    // Four writers stream messages at process 1 until it dies.
    const writer = async () => {
      while (!controller.signal.aborted) {
        const content = `stream ${n++} ${randomUUID().slice(0, 6)}`;
        try {
          const r = await call(
            p1,
            sa.cookie,
            'POST',
            `/api/conversations/${conversationId}/messages`,
            { content },
            controller.signal,
          );
          if (r.status === 201) acked.push(content);
          else if (r.status === 429) return;
        } catch {
          return;
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    await until('some acknowledged messages', () => acked.length >= 20, 30_000);
    await servers[0]!.stop('SIGKILL');
    controller.abort();
    await writers;
    const stored = new Set(
      (await db.conversations.messages(conversationId, b.id, { limit: 100_000 })).map((m) => m.content),
    );
    const lost = acked.filter((c) => !stored.has(c));
    expect(acked.length).toBeGreaterThanOrEqual(20);
    expect(lost).toEqual([]);
    // The killed process comes back on the same database and serves what it acknowledged.
    const again = await start(0);
    const history = await call(again.url, sa.cookie, 'GET', `/api/conversations/${conversationId}/messages?limit=100`);
    expect(history.status).toBe(200);
  }, 120_000);
  it('drains on SIGTERM: sockets are told to reconnect (1012), the pool closes, the process exits', async () => {
    const hash = await new Argon2PasswordHasher().hash(GOOD_PASSWORD);
    const h = await student(db, hash, 'Harper');
    const p2 = servers[1]!;
    const session = await signIn(p2.url, h.email);
    const ws = socket(p2.url, session.cookie);
    await ws.ready;
    const closed = new Promise<number>((r) => ws.ws.on('close', (code) => r(code)));
    await p2.stop('SIGTERM');
    expect(await closed).toBe(1012);
    expect(p2.output()).toContain('[server] stopped');
    // The other process carries on alone.
    expect((await fetch(`${servers[0]!.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
