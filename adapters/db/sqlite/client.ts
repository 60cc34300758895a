/** Opens the embedded SQLite database (D3): WAL, foreign keys, busy timeout, migrated. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema';

export type SqliteDb = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS = fileURLToPath(new URL('../../../migrations/sqlite', import.meta.url));

/** How much of the database file reads may map (1 GiB: a 1,000,000-student campus, N210). */
const MMAP_BYTES = 1 << 30;

/**
 * WAL frames after which a commit checkpoints when a worker does it otherwise (N245): a backstop
 * only, for a burst the worker's ticks fall behind (≈ 40 MB of WAL).
 */
const BACKSTOP_FRAMES = 10_000;

/**
 * `file` is a path or ':memory:' (tests: each test its own database). `backgroundCheckpoints`: a
 * worker checkpoints the WAL (./checkpointer.ts), so commits leave it to the backstop.
 */
export function openSqlite(file: string, options: { backgroundCheckpoints?: boolean } = {}): SqliteDb {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with synchronous=NORMAL keeps every committed write through a process crash (the
  // durability test's SIGKILL); only an OS crash or power loss can drop the last commits.
  // FULL would cost one fsync per write (docs/decisions.md N15).
  sqlite.pragma('synchronous = NORMAL');
  // Reads map the file instead of copying each page through a read() call into SQLite's 2 MB page
  // cache, which a deck's scattered index probes kept missing (N210). Writes are unchanged.
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  if (options.backgroundCheckpoints) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_FRAMES}`);
  return drizzle(sqlite, { schema }) as SqliteDb;
}

export function migrateSqlite(db: SqliteDb): void {
  migrate(db, { migrationsFolder: MIGRATIONS });
}

/** Statements compiled once per query text and reused (issue 18: hot paths skip SQLite's compile). */
export function statementCache(sql: Database.Database): (query: string) => Database.Statement {
  const statements = new Map<string, Database.Statement>();
  return (query) => {
    let statement = statements.get(query);
    if (!statement) {
      statement = sql.prepare(query);
      statements.set(query, statement);
    }
    return statement;
  };
}
