/**
 * The like path over HTTP (issue 18 §3, §6): `POST /api/swipes` by Gold members (no daily like cap,
 * so every like is a real insert) against the real server, on SQLite and, with BENCH_DATABASE_URL or
 * TEST_DATABASE_URL, on PostgreSQL. Reports, beside the raw node:http baseline of the same run:
 * - a like at 0 likes today and at 20,000 likes today (another member whose 20,000 likes of the day
 *   were written before the server started), a fixed number of requests each, to show it stays flat;
 * - a like sustained over every student the member has not liked yet (requests/s, server CPU per request),
 *   then for BENCH_DURATION seconds by 100 members at once.
 * `npx tsx bench/like.ts` runs it alone (bench/results/like-latest.json).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { createServerDatabase } from '../tests/contract/support/databases';
import { freePort, SERVER_SECRET, startServer } from '../tests/quality/support/server-process';
import { benchServerUrl } from './deck';
import { compiledServer, describeFigure, type HttpFigures, load, ratio, startRaw } from './http';
import { copyToPostgres, seedCampus, seedSessions } from './seed-campus';

const STUDENTS = Number(process.env.BENCH_LIKE_STUDENTS ?? 60_000);
const LIKES_ALREADY_TODAY = 20_000;
const FLAT_REQUESTS = Number(process.env.BENCH_LIKE_FLAT_REQUESTS ?? 2_000);
/** Members liking at once in the last run: one member's likes are serialised by design (N79). */
const MEMBERS = 100;
const WARM_UP_LIKES = 4_000;

/** Makes these students Gold (no daily like cap, D14) for a day. */
function makeGold(sql: Database.Database, userIds: string[]) {
  const insert = sql.prepare(
    `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, updated_at) VALUES (?, 1, 'gold', ?, 0, ?)`,
  );
  for (const id of userIds) insert.run(id, Date.now() + 86_400_000, Date.now());
}

/** `count` likes by `userId` in the last hour, to the last `count` students. */
function likesToday(sql: Database.Database, userId: string, targets: string[]) {
  const insert = sql.prepare(
    `INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, compatibility_score, matched_at, created_at)
     VALUES (?, ?, ?, 'liked', 0, 70, NULL, ?)`,
  );
  const at = Date.now() - 3_600_000;
  sql.transaction(() => {
    targets.forEach((t, i) => {
      insert.run(uuidIds.newId(), userId, t, at + i);
    });
  })();
}

export async function likeBenchmark(engine: 'sqlite' | 'postgres', raw?: HttpFigures) {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-like-'));
  const file = join(dir, 'like.sqlite');
  let dropServerDatabase = async () => {};
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let closeObserver: () => Promise<void> | undefined = async () => {};
  try {
    // One campus, so every student is within a Gold member's reach (D13).
    const { ids } = await seedCampus(file, STUDENTS, 11, 1);
    const [fresh, busy, warm] = ids as [string, string, string];
    const preLiked = ids.slice(ids.length - LIKES_ALREADY_TODAY);
    const members = ids.slice(3, 3 + MEMBERS);
    const targets = ids.slice(3 + MEMBERS, ids.length - LIKES_ALREADY_TODAY);
    const sql = new Database(file);
    makeGold(sql, [fresh, busy, warm, ...members]);
    likesToday(sql, busy, preLiked);
    sql.close();
    const cookies = await seedSessions(file, [fresh, busy, warm, ...members], SERVER_SECRET, '__Host-nm_at');

    let databaseUrl: string | undefined;
    if (engine === 'postgres') {
      const admin = benchServerUrl();
      if (!admin) throw new Error('the PostgreSQL like benchmark needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      const created = await createServerDatabase(admin);
      dropServerDatabase = created.drop;
      databaseUrl = created.url;
      const migrate = openDatabase(databaseUrl, uuidIds);
      await migrate.ready();
      await migrate.close();
      await copyToPostgres(file, databaseUrl, [
        'universities',
        'prompts',
        'users',
        'profiles',
        'roommate_preferences',
        'photos',
        'profile_prompts',
        'subscriptions',
        'refresh_tokens',
        'matches',
      ]);
    }
    server = await startServer({
      dbFile: file,
      databaseUrl,
      port: await freePort(),
      nodeEnv: 'production',
      compiled: await compiledServer(),
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server under this bench.
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { env: { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } }
        : {}),
    });
    const running = server;
    // PostgreSQL's own CPU for the server's connections (its backends on this machine), per like.
    const observer = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    await observer?.connect();
    closeObserver = () => observer?.end();
    const dbPids = observer
      ? async () =>
          (
            await observer.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            )
          ).rows.map((r) => r.pid)
      : undefined;
    const cursors = new Map<string, number>([
      [fresh, 0],
      [busy, 0],
      [warm, 0],
    ]);
    const like = (liker: string, options: { amount?: number }) =>
      load({
        url: `${running.url}/api/swipes`,
        pid: running.pid,
        dbPids,
        method: 'POST',
        headers: { cookie: cookies.get(liker) as string, 'content-type': 'application/json', origin: running.url },
        nextBody: () => {
          const n = cursors.get(liker) as number;
          cursors.set(liker, n + 1);
          return JSON.stringify({ targetUserId: targets[n % targets.length], action: 'like' });
        },
        ...options,
      });
    // Warm the server's caches and JIT before the figures (not counted), as a third member, so the
    // first figure's member is at 0 likes today. 300 likes left the first figure at ≈ 480 µs against
    // ≈ 250 µs after 4,000 (N245), cold code and pages rather than the day's likes.
    await like(warm, { amount: WARM_UP_LIKES });
    const atZero = await like(fresh, { amount: FLAT_REQUESTS });
    console.log(describeFigure(`like (${engine}) at ~0 likes today`, atZero, raw));
    const atTwentyThousand = await like(busy, { amount: FLAT_REQUESTS });
    console.log(describeFigure(`like (${engine}) at 20,000 likes today`, atTwentyThousand, raw));
    // Every student the member has not liked yet, once (≈ 10 s at 3,500 likes/s): past the end of the
    // list the likes would repeat and answer 409, which costs less than a like.
    const sustained = await like(fresh, { amount: targets.length - (cursors.get(fresh) as number) });
    console.log(describeFigure(`like (${engine}) sustained`, sustained, raw));
    // The same load spread over many members, as real traffic is: request n is member n % MEMBERS
    // liking the next student on their own list.
    let n = 0;
    const manyMembers = await load({
      url: `${running.url}/api/swipes`,
      pid: running.pid,
      dbPids,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.url },
      nextHeaders: () => ({ cookie: cookies.get(members[n % MEMBERS] as string) as string }),
      nextBody: () => {
        const k = Math.floor(n++ / MEMBERS);
        return JSON.stringify({ targetUserId: targets[k % targets.length], action: 'like' });
      },
    });
    console.log(describeFigure(`like (${engine}) sustained, ${MEMBERS} members at once`, manyMembers, raw));
    const withRatio = (f: HttpFigures) => (raw ? { ...f, ratioToRaw: ratio(f, raw) } : f);
    return {
      engine,
      students: STUDENTS,
      atZeroLikesToday: withRatio(atZero),
      atTwentyThousandLikesToday: withRatio(atTwentyThousand),
      sustained: withRatio(sustained),
      sustainedManyMembers: withRatio(manyMembers),
    };
  } finally {
    await closeObserver();
    await server?.stop('SIGTERM');
    await dropServerDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const raw = await startRaw(await freePort());
  try {
    const rawFigures = await load({ url: raw.url, pid: raw.pid });
    console.log(describeFigure('raw node:http', rawFigures));
    const sqlite = await likeBenchmark('sqlite', rawFigures);
    const postgres = benchServerUrl() ? await likeBenchmark('postgres', rawFigures) : 'skipped: no BENCH_DATABASE_URL';
    mkdirSync('bench/results', { recursive: true });
    writeFileSync(
      'bench/results/like-latest.json',
      `${JSON.stringify({ at: new Date().toISOString(), raw: rawFigures, sqlite, postgres }, null, 2)}\n`,
    );
  } finally {
    await raw.stop();
  }
}
