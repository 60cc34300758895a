/**
 * What a like tells the other side's open tabs (issue 18, N225–N226), the same on every setup: SQLite
 * and PostgreSQL on the in-process bus (the API suite's), and two API processes on one PostgreSQL with
 * the LISTEN/NOTIFY bus, where a like's write publishes its notification itself. The like, the match,
 * the group match and their notifications reach the same tabs; two sides liking at once still make
 * their group match. Needs a PostgreSQL server (TEST_DATABASE_URL) for the PostgreSQL setups.
 */
import { randomUUID } from 'node:crypto';
import { PostgresRealtimeBus } from '../../adapters/realtime/postgres.bus';
import { decideSwipe } from '../../core/likes/rules';
import type { RealtimeEvent } from '../../core/messaging/ports';
import { groupOf, signedInStudent } from '../support/students';
import { makeTestApp, type TestClient } from '../support/test-app';
import { createServerDatabase, serverUrl } from './support/databases';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };
/** Where requests go, and where the tabs listen (another process on the PostgreSQL bus). */
type Setup = { front: App; tabs: App; close(): Promise<void> };

const server = serverUrl();
if (!server) console.warn('[like-events] TEST_DATABASE_URL is not set: the PostgreSQL setups are skipped.');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function sqliteSetup(): Promise<Setup> {
  const t = makeTestApp({}, { database: ':memory:' });
  return { front: t, tabs: t, close: () => t.db.close() };
}

async function postgresInProcess(): Promise<Setup> {
  const created = await createServerDatabase(server as string);
  const t = makeTestApp({}, { database: created.url });
  await t.db.ready();
  await t.seeded;
  return {
    front: t,
    tabs: t,
    close: async () => {
      await t.db.close();
      await created.drop();
    },
  };
}

/** Two processes, each with its bus; the database is given the bus's statement events (api/server.ts). */
async function postgresBus(): Promise<Setup> {
  const created = await createServerDatabase(server as string);
  const buses = [new PostgresRealtimeBus(created.url), new PostgresRealtimeBus(created.url)] as const;
  const front = makeTestApp(
    {},
    { database: created.url, realtime: buses[0], statementEvents: buses[0].statementEvents },
  );
  await front.db.ready();
  await front.seeded;
  const tabs = makeTestApp(
    {},
    { database: created.url, realtime: buses[1], statementEvents: buses[1].statementEvents },
  );
  await tabs.db.ready();
  await tabs.seeded;
  await Promise.all(buses.map((b) => b.start()));
  return {
    front,
    tabs,
    close: async () => {
      await Promise.all(buses.map((b) => b.close()));
      await Promise.all([front.db.close(), tabs.db.close()]);
      await created.drop();
    },
  };
}

/** What a tab shows of an event: its type, the notification's kind, whose match and whether a group's. */
function seen(e: RealtimeEvent): string {
  if (e.type === 'notification.created') return `notification ${e.notification.kind}`;
  if (e.type === 'match.created') return `match ${e.byYou ? 'by me' : 'by them'}${e.group ? ' (group)' : ''}`;
  return e.type;
}

/** Each setup: its name, how to open it, whether it runs here, and whether a like's write publishes its notification. */
const SETUPS: [string, () => Promise<Setup>, boolean, boolean][] = [
  ['SQLite, in-process bus', sqliteSetup, true, false],
  ['PostgreSQL, in-process bus', postgresInProcess, !!server, false],
  ['PostgreSQL, two processes on the LISTEN/NOTIFY bus', postgresBus, !!server, true],
];

describe.each(SETUPS)('what a like tells the other side on %s (issue 18, N225)', (_name, open, runs, announces) => {
  // A setup per test: each signs up its own students (sign-ups are rate-limited per address).
  let setup: Setup | undefined;
  beforeEach(async () => {
    if (runs) setup = await open();
  }, 60_000);
  afterEach(async () => {
    await setup?.close();
    setup = undefined;
  });
  const on = () => setup as Setup;

  const student = (name: string) => signedInStudent(on().front, `${name}@ucla.edu`);
  const like = (s: Student, target: Student) => s.c.post('/api/swipes', { targetUserId: target.id, action: 'like' });
  /** An open tab of each student, on the tabs' process. */
  function tabs(...students: Student[]) {
    const got = new Map<string, string[]>(students.map((s) => [s.id, []]));
    const offs = students.map((s) => on().tabs.realtime.subscribe(s.id, (e) => got.get(s.id)?.push(seen(e))));
    return {
      got,
      off: () => {
        for (const off of offs) off();
      },
    };
  }
  async function searchingGroup(admin: Student, others: Student[]) {
    const { id } = await groupOf(admin, others, 'Westwood Crew');
    for (const s of [admin, ...others]) {
      expect((await s.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: id })).status).toBe(200);
    }
    return id as string;
  }

  it.runIf(runs)(
    'says what the write did: published the like itself (the bus only), and whether a group match can follow (N226)',
    async () => {
      const [ana, ben, sam, tia] = [
        await student('ana'),
        await student('ben'),
        await student('sam'),
        await student('tia'),
      ];
      const groupId = await searchingGroup(sam, [tia]);
      const now = on().front.clock.now();
      const write = (from: Student, to: Student, group: string | null) =>
        on().front.db.swipes.swipe(
          {
            userId: from.id,
            targetId: to.id,
            action: 'like',
            now,
            windowStart: new Date(now.getTime() - 86_400_000),
            id: randomUUID(),
            score: 70,
            groupId: group,
            notice: randomUUID(),
          },
          (state) => decideSwipe(state, { userId: from.id, targetId: to.id, action: 'like', plan: 'free', now }),
        );
      // A student's own like of a student in no group.
      expect(await write(ana, ben, null)).toMatchObject({ ok: true, value: { ungrouped: true, announced: announces } });
      // Of a member of a group, and a like made for a group: the use case looks for the group match first.
      expect(await write(ana, tia, null)).toMatchObject({ ok: true, value: { ungrouped: false, announced: false } });
      expect(await write(sam, ben, groupId)).toMatchObject({ ok: true, value: { ungrouped: false, announced: false } });
    },
  );

  it.runIf(runs)(
    'delivers the like, the match and their notifications, and a group match instead of its like',
    async () => {
      const [ana, ben, sam, tia, uma] = [
        await student('ana'),
        await student('ben'),
        await student('sam'),
        await student('tia'),
        await student('uma'),
      ];
      await searchingGroup(sam, [tia]);
      const { got, off } = tabs(ana, ben, sam, tia);
      const count = () => [...got.values()].reduce((n, l) => n + l.length, 0);

      // A student's own like of a student in no group: on the bus, the like's write publishes it.
      expect((await like(ana, ben)).json).toMatchObject({ isMatch: false });
      await until('the like', () => count() >= 1);
      // The like back: a match for both.
      expect((await like(ben, ana)).json).toMatchObject({ isMatch: true });
      await until('the match', () => count() >= 4);
      // Sam's like is for the group; Ana's like of Tia, a member, makes the group match: Tia hears
      // of the match, not of a like.
      expect((await like(sam, ana)).json).toMatchObject({ isMatch: false });
      await until('the group like', () => count() >= 5);
      expect((await like(ana, tia)).json).toMatchObject({ isMatch: true, isGroupMatch: true });
      // Uma's like of Tia comes after: any event Tia had from Ana's like would have come before it.
      expect((await like(uma, tia)).json).toMatchObject({ isMatch: false });
      await until('the group match and the last like', () => (got.get(tia.id) ?? []).includes('notification like'));
      await until('everything', () => count() >= 11);
      off();

      // A match the student made themself is no notification of theirs.
      expect(got.get(ana.id)).toEqual([
        'match by them',
        'notification match',
        'notification like',
        'match by me (group)',
      ]);
      expect(got.get(ben.id)).toEqual(['notification like', 'match by me']);
      expect(got.get(sam.id)).toEqual(['match by them (group)', 'notification match']);
      expect(got.get(tia.id)).toEqual(['match by them (group)', 'notification match', 'notification like']);
    },
  );

  it.runIf(runs)('makes the group match when a student and the group like each other at the same moment', async () => {
    const [sam, tia] = [await student('sam2'), await student('tia2')];
    await searchingGroup(sam, [tia]);
    for (let round = 0; round < 8; round++) {
      const x = await student(`x${round}`);
      // Each side's check runs after its own write: whichever commits second sees the other's like.
      const [mine, theirs] = await Promise.all([like(x, tia), like(sam, x)]);
      expect([mine.status, theirs.status]).toEqual([200, 200]);
      expect([mine.json.isGroupMatch, theirs.json.isGroupMatch].filter(Boolean)).toHaveLength(1);
      const chats = (await x.c.get('/api/conversations')).json.groupConversations as { id: string }[];
      expect(chats.filter((g) => g.id.startsWith('gmatch-'))).toHaveLength(1);
    }
  });
});
