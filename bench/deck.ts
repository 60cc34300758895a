/**
 * Deck benchmark (issue 4): 100,000 students across the 22 universities; viewers who have already
 * swiped hundreds of profiles; p50/p95/p99 of building one deck through the real use case and
 * SQLite adapters (no HTTP). Target: p95 at most 10 ms. `BENCH_DECK_PROFILES` changes the size.
 * `deckBenchmark('postgres')` runs the same on PostgreSQL (issue 10): the seeded students are copied
 * into a fresh database on the server named by BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped after.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { getDeck } from '../core/matching/get-deck';
import { seededRandom } from '../fixtures/random';
import { createServerDatabase } from '../tests/contract/support/databases';
import { copyToPostgres, seedCampus, seedPasses } from './seed-campus';

const PROFILES = Number(process.env.BENCH_STUDENTS ?? process.env.BENCH_DECK_PROFILES ?? 100_000);
const VIEWERS = 40;
const SWIPES_PER_VIEWER = 400;
const DECKS = 400;
/** Heavy swipers (issue 18 §8): viewers who already swiped the first N students of their own campus. */
const HEAVY_VIEWERS = 10;
const HEAVY_SWIPES = Number(process.env.BENCH_HEAVY_SWIPES ?? 8_000);
const HEAVY_DECKS = 100;
const GAPPY_VIEWERS = 5;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;
const cpuMsPer = (since: NodeJS.CpuUsage, n: number) => {
  const used = process.cpuUsage(since);
  return round2((used.user + used.system) / 1000 / n);
};

/** The PostgreSQL server the benchmark may use, if any. */
export const benchServerUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** Seeds the deck bench's students and swipes into a SQLite file; returns the three kinds of viewer. */
export async function seedDeckBench(file: string) {
  const { ids } = await seedCampus(file, PROFILES);
  const rnd = seededRandom(99);
  const viewers = Array.from({ length: VIEWERS }, (_, i) => ids[i * 37] as string);
  const campuses = 22;
  // Heavy swipers, one per campus from the 23rd student on: student i is on campus i % 22 (seedCampus).
  const heavy = Array.from({ length: HEAVY_VIEWERS }, (_, h) => ids[campuses * 50 + h] as string);
  const swipes: [string, string][] = [];
  // Each viewer has already swiped SWIPES_PER_VIEWER students of one campus and nearby.
  for (const viewer of viewers) {
    const start = rnd.int(0, ids.length - SWIPES_PER_VIEWER * campuses);
    for (let k = 0; k < SWIPES_PER_VIEWER; k++) {
      const target = ids[start + k * campuses] as string;
      if (target !== viewer) swipes.push([viewer, target]);
    }
  }
  // Heavy swipers with gaps, as real ones have (students they were never shown, or passed over for
  // better ones): the same run but every 50th student unswiped, so their position keeps holes (N156).
  const gappy = Array.from({ length: GAPPY_VIEWERS }, (_, h) => ids[campuses * 51 + h] as string);
  gappy.forEach((viewer, h) => {
    for (let k = 0; k < HEAVY_SWIPES && h + k * campuses < ids.length; k++) {
      const target = ids[h + k * campuses] as string;
      if (target !== viewer && k % 50 !== 25) swipes.push([viewer, target]);
    }
  });
  heavy.forEach((viewer, h) => {
    // The first HEAVY_SWIPES students of the viewer's own campus, in the order decks walk them.
    for (let k = 0; k < HEAVY_SWIPES && h + k * campuses < ids.length; k++) {
      const target = ids[h + k * campuses] as string;
      if (target !== viewer) swipes.push([viewer, target]);
    }
  });
  await seedPasses(file, swipes);
  return { viewers, heavy, gappy };
}

export async function deckBenchmark(engine: 'sqlite' | 'postgres' = 'sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-deck-'));
  const file = join(dir, 'deck.sqlite');
  let dropServerDatabase = async () => {};
  try {
    let t0 = performance.now();
    const { viewers, heavy, gappy } = await seedDeckBench(file);
    let url = `file:${file}`;
    if (engine === 'postgres') {
      const server = benchServerUrl();
      if (!server) throw new Error('the PostgreSQL deck benchmark needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
      const created = await createServerDatabase(server);
      dropServerDatabase = created.drop;
      url = created.url;
      const migrate = openDatabase(url, uuidIds);
      await migrate.ready();
      await migrate.close();
      await copyToPostgres(file, url, [
        'universities',
        'prompts',
        'users',
        'profiles',
        'roommate_preferences',
        'photos',
        'profile_prompts',
        'matches',
      ]);
    }
    const seedMs = Math.round(performance.now() - t0);
    const db = openDatabase(url, uuidIds);
    await db.ready();
    const clock = { now: () => new Date() };
    const deps = { clock, discovery: db.discovery, subscriptions: db.subscriptions };
    for (const v of viewers.slice(0, 5)) await getDeck(deps, v, {}); // warm the statement cache
    const times: number[] = [];
    let cards = 0;
    // This process's CPU per deck (user + system): steadier than latency on a loaded machine; on
    // PostgreSQL it leaves out the server's own.
    let cpu = process.cpuUsage();
    for (let i = 0; i < DECKS; i++) {
      const viewer = viewers[i % viewers.length] as string;
      t0 = performance.now();
      const deck = await getDeck(deps, viewer, {});
      times.push(performance.now() - t0);
      if (deck.ok) cards += deck.value.entries.length;
    }
    const cpuMs = cpuMsPer(cpu, DECKS);
    const heavyTimes: number[] = [];
    // Each heavy swiper's first deck after the bulk seeding reads their 8,000 swipes once and keeps a
    // deck position (N156); reported apart. In the product the position moves along as they swipe.
    const firstTimes: number[] = [];
    for (const v of heavy) {
      t0 = performance.now();
      await getDeck(deps, v, {});
      firstTimes.push(performance.now() - t0);
    }
    firstTimes.sort((a, b) => a - b);
    cpu = process.cpuUsage();
    for (let i = 0; i < HEAVY_DECKS; i++) {
      const viewer = heavy[i % heavy.length] as string;
      t0 = performance.now();
      await getDeck(deps, viewer, {});
      heavyTimes.push(performance.now() - t0);
    }
    const heavyCpuMs = cpuMsPer(cpu, HEAVY_DECKS);
    heavyTimes.sort((a, b) => a - b);
    for (const v of gappy) await getDeck(deps, v, {});
    const gappyTimes: number[] = [];
    for (let i = 0; i < HEAVY_DECKS; i++) {
      const viewer = gappy[i % gappy.length] as string;
      t0 = performance.now();
      await getDeck(deps, viewer, {});
      gappyTimes.push(performance.now() - t0);
    }
    gappyTimes.sort((a, b) => a - b);
    await db.close();
    times.sort((a, b) => a - b);
    return {
      engine,
      profiles: PROFILES,
      loadAverage1m: round2(loadavg()[0] ?? 0),
      seedMs,
      viewers: VIEWERS,
      swipesPerViewer: SWIPES_PER_VIEWER,
      decks: DECKS,
      meanCardsPerDeck: round2(cards / DECKS),
      p50Ms: round2(pct(times, 50)),
      p95Ms: round2(pct(times, 95)),
      p99Ms: round2(pct(times, 99)),
      cpuMsPerDeck: cpuMs,
      targetP95Ms: engine === 'sqlite' ? 10 : 15,
      heavySwipers: {
        viewers: HEAVY_VIEWERS,
        swipesPerViewer: HEAVY_SWIPES,
        decks: HEAVY_DECKS,
        p50Ms: round2(pct(heavyTimes, 50)),
        p95Ms: round2(pct(heavyTimes, 95)),
        p99Ms: round2(pct(heavyTimes, 99)),
        cpuMsPerDeck: heavyCpuMs,
        targetP95Ms: engine === 'sqlite' ? 10 : 15,
        firstDeckMedianMs: round2(pct(firstTimes, 50)),
        firstDeckMaxMs: round2(firstTimes[firstTimes.length - 1] ?? 0),
      },
      heavySwipersWithGaps: {
        viewers: GAPPY_VIEWERS,
        unswipedEvery: 50,
        decks: HEAVY_DECKS,
        p50Ms: round2(pct(gappyTimes, 50)),
        p95Ms: round2(pct(gappyTimes, 95)),
        p99Ms: round2(pct(gappyTimes, 99)),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await dropServerDatabase();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sqlite = await deckBenchmark('sqlite');
  const figures = benchServerUrl() ? { sqlite, postgres: await deckBenchmark('postgres') } : sqlite;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/deck-latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(figures);
}
