/**
 * The engines every repository contract runs on (D3): SQLite always; PostgreSQL on the server named by
 * TEST_DATABASE_URL (a fresh database with a random name per test run, dropped afterwards), or on
 * PGlite when no server is configured.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { uuidIds } from '../../../adapters/crypto/crypto';
import { type Database, openDatabase } from '../../../adapters/db/database';

export type Engine = 'sqlite' | 'postgres' | 'pglite';

export type OpenedDatabase = { db: Database; url: string; drop(): Promise<void> };

/** TEST_DATABASE_URL when a PostgreSQL server is configured for the tests (CI sets it). */
export const serverUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export const engines = (): Engine[] => ['sqlite', serverUrl() ? 'postgres' : 'pglite'];

/** Creates an empty database on the server and returns its URL and how to drop it. */
export async function createServerDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nestmate_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export async function openEngine(engine: Engine): Promise<OpenedDatabase> {
  if (engine === 'sqlite') {
    const db = openDatabase(':memory:', uuidIds);
    return { db, url: ':memory:', drop: () => db.close() };
  }
  if (engine === 'pglite') {
    const db = openDatabase('pglite:memory', uuidIds);
    await db.ready();
    return { db, url: 'pglite:memory', drop: () => db.close() };
  }
  const server = serverUrl();
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  const created = await createServerDatabase(server);
  const db = openDatabase(created.url, uuidIds, { poolMax: 12 });
  await db.ready();
  return {
    db,
    url: created.url,
    drop: async () => {
      await db.close();
      await created.drop();
    },
  };
}
