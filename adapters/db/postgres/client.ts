/**
 * Opens PostgreSQL (D3): a pg pool for `postgres://` URLs, or PGlite (in-process WASM PostgreSQL)
 * for `pglite:` URLs (`pglite:memory`, or `pglite:<directory>`), used by tests when no server is
 * configured. Opening is synchronous like SQLite's, so the API, the CLI and the tests open both
 * engines the same way: migrations run in the background and every query waits for them (`ready`).
 */
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { PgSql } from './sql';

export type PgDb = PgDatabase<PgQueryResultHKT, typeof schema>;

const MIGRATIONS = fileURLToPath(new URL('../../../migrations/postgres', import.meta.url));

// bigint (int8) holds our millisecond times, counts and sequence numbers: all well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Any key: two processes starting at once must not both apply the same migration. */
const MIGRATION_LOCK = 72_100_10;

export type PostgresOptions = {
  migrate?: boolean;
  /** Pool size per process (DATABASE_POOL_MAX). */
  poolMax?: number;
  /** A statement running longer is cancelled (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
};

export type PostgresConnection = {
  db: PgDb;
  sql: PgSql;
  /** Resolves once migrations are applied (or rejects with why they could not be). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export const isPostgresUrl = (url: string) =>
  url.startsWith('postgres://') || url.startsWith('postgresql://') || url.startsWith('pglite:');

export function openPostgres(url: string, options: PostgresOptions = {}): PostgresConnection {
  return url.startsWith('pglite:') ? openPglite(url, options) : openServer(url, options);
}

/** A pool whose connections wait until migrations are applied. */
class GatedPool extends pg.Pool {
  gate: Promise<void> = Promise.resolve();

  // biome-ignore lint/suspicious/noExplicitAny: pg's connect has callback and promise overloads.
  override connect(callback?: any): any {
    if (callback) {
      this.gate.then(() => super.connect(callback), callback);
      return undefined;
    }
    return this.gate.then(() => super.connect());
  }
}

function openServer(url: string, options: PostgresOptions): PostgresConnection {
  const settings = {
    connectionString: url,
    statement_timeout: options.statementTimeoutMs ?? 15_000,
    // A transaction left open by a crashed request must not hold its row locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  };
  const max = options.poolMax ?? 10;
  const pool = new GatedPool({ ...settings, max });
  // The deck walk's own connections, planned generically (issue 18 §7, N80, N209): only the
  // statements run with `generic` go there, so every other query keeps the default planning.
  const genericPool = new GatedPool({
    ...settings,
    max: Math.max(2, Math.ceil(max / 2)),
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // An idle client losing its server (restart, failover) is replaced on the next checkout.
  for (const p of [pool, genericPool]) {
    p.on('error', (e) => console.error(`[db] idle PostgreSQL connection lost: ${e.message}`));
  }
  const ready = options.migrate === false ? Promise.resolve() : migrateServer(url);
  pool.gate = ready;
  genericPool.gate = ready;
  ready.catch(() => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as PgDb;
  return {
    db,
    sql: new PgSql(db, (name, text, values, options) =>
      (options?.generic ? genericPool : pool).query({ name, text, values }).then((r) => r.rows),
    ),
    ready,
    close: async () => {
      await ready.catch(() => {});
      await Promise.all([pool.end(), genericPool.end()]);
    },
  };
}

async function migrateServer(url: string) {
  // An unreachable host must fail the start within seconds, not after the OS gives up on TCP.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    // Session-level advisory lock: several processes may start together on one database (D4).
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('SET client_min_messages = warning');
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS });
  } finally {
    await client.end();
  }
}

/**
 * The migrated in-memory database, as a data directory to start copies from: initdb and the
 * migrations run once per process, not for every in-memory PGlite (the tests build one per app;
 * about 15 s each on a loaded two-core machine, a copy about 2 s; N215).
 */
let migratedMemory: Promise<Blob> | null = null;
function migratedMemoryDir(): Promise<Blob> {
  migratedMemory ??= (async () => {
    const template = new PGlite();
    try {
      await migratePglite(drizzlePglite({ client: template }), { migrationsFolder: MIGRATIONS });
      return await template.dumpDataDir('none');
    } finally {
      await template.close();
    }
  })().catch((e) => {
    migratedMemory = null;
    throw e;
  });
  return migratedMemory;
}

/** Builds the migrated in-memory database ahead of the first `pglite:memory` connection (a suite's beforeAll). */
export async function prepareMemoryPglite(): Promise<void> {
  await migratedMemoryDir();
}

function openPglite(url: string, options: PostgresOptions): PostgresConnection {
  const dir = url.replace(/^pglite:(\/\/)?/, '');
  const memory = dir === '' || dir === 'memory';
  const opened: Promise<PGlite> =
    memory && options.migrate !== false
      ? migratedMemoryDir().then((loadDataDir) => new PGlite({ loadDataDir }))
      : Promise.resolve(memory ? new PGlite() : new PGlite(dir));
  // A copy of the migrated database is migrated too: nothing is left to apply, so this only checks.
  const ready = opened.then((client) =>
    options.migrate === false
      ? client.waitReady
      : migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS }),
  );
  ready.catch(() => {});
  const gated = {
    query: async (...args: Parameters<PGlite['query']>) => {
      await ready;
      return (await opened).query(...args);
    },
    transaction: async (...args: Parameters<PGlite['transaction']>) => {
      await ready;
      return (await opened).transaction(...args);
    },
  } as unknown as PGlite;
  const db = drizzlePglite({ client: gated, schema }) as unknown as PgDb;
  return {
    db,
    sql: new PgSql(db),
    ready,
    close: async () => {
      await ready.catch(() => {});
      await (await opened.catch(() => null))?.close();
    },
  };
}
