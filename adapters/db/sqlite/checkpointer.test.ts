import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openSqlite } from './client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file with `pages` pages' worth of rows committed to its WAL and not yet checkpointed. */
function walWithPages(pages: number) {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-checkpoint-'));
  dirs.push(dir);
  const file = join(dir, 'db.sqlite');
  const db = openSqlite(file, { backgroundCheckpoints: true });
  const sql = db.$client;
  sql.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
  const insert = sql.prepare('INSERT INTO t (body) VALUES (?)');
  // One row a page, one commit each, as requests write: ≈ 2,000 WAL frames, past SQLite's default
  // 1,000-frame autocheckpoint and under the backstop.
  for (let i = 0; i < pages; i++) insert.run('x'.repeat(3_000));
  return { file, sql };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the WAL checkpointer (N245)', () => {
  it('leaves the WAL to the worker: commits no longer copy it into the database file', () => {
    const { file, sql } = walWithPages(2_000);
    // Without a checkpoint the rows live only in the WAL: the database file holds the schema page.
    expect(statSync(file).size).toBeLessThan(100_000);
    expect(sql.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2_000 });
    sql.close();
  });

  it('copies the committed WAL into the database file from its worker, and stops when told', async () => {
    const { file, sql } = walWithPages(2_000);
    const checkpointer = startCheckpointer(file);
    let size = statSync(file).size;
    for (let i = 0; i < 100 && size < 2_000 * 3_000; i++) {
      await sleep(50);
      size = statSync(file).size;
    }
    expect(size).toBeGreaterThanOrEqual(2_000 * 3_000);
    await checkpointer.stop();
    // Writes go on after the worker has stopped, through the main connection alone.
    sql.prepare('INSERT INTO t (body) VALUES (?)').run('after');
    expect(sql.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2_001 });
    sql.close();
  });

  it('stops without hanging when its worker could not start', async () => {
    const checkpointer = startCheckpointer(join(tmpdir(), 'no-such-dir-nestmate', 'missing', 'db.sqlite'));
    await expect(checkpointer.stop()).resolves.toBeUndefined();
  });
});
