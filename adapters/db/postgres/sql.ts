/**
 * Hand-written SQL on PostgreSQL with the placeholders the SQLite repositories use (`?` in order, or
 * `@name` from an object), so a query reads the same on both engines. Values are always bound as
 * parameters, never spliced into the text.
 */
import { type SQL, sql } from 'drizzle-orm';

/** A drizzle PostgreSQL database or transaction (node-postgres or PGlite). */
type Executor = {
  execute(query: SQL): PromiseLike<unknown>;
  transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T>;
};
type Params = readonly unknown[] | Readonly<Record<string, unknown>>;
type RawResult = { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };

export function toSql(text: string, params: Params = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  let position = 0;
  for (const m of text.matchAll(/@(\w+)|\?/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    let value: unknown;
    if (m[1] === undefined) {
      if (!Array.isArray(params) || position >= params.length) throw new Error(`missing parameter ${position + 1}`);
      value = params[position++];
    } else {
      const named = params as Readonly<Record<string, unknown>>;
      if (Array.isArray(params) || !(m[1] in named)) throw new Error(`missing parameter @${m[1]}`);
      value = named[m[1]];
    }
    chunks.push(sql`${value ?? null}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/**
 * Runs a named prepared statement on a pooled connection (node-postgres): planned once per
 * connection. `generic` runs it on connections set to plan_cache_mode=force_generic_plan (issue 18 §7, N80, N209).
 */
export type PreparedQuery = (
  name: string,
  text: string,
  values: unknown[],
  options?: { generic?: boolean },
) => Promise<unknown[]>;

/** The same text with PostgreSQL's `$n` placeholders and the values in order (`@name` reuses its `$n`). */
export function toPositional(text: string, params: Params = []): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const named = new Map<string, number>();
  let position = 0;
  const out = text.replace(/@(\w+)|\?/g, (_, name: string | undefined) => {
    if (name === undefined) {
      if (!Array.isArray(params) || position >= params.length) throw new Error(`missing parameter ${position + 1}`);
      values.push(params[position++] ?? null);
      return `$${values.length}`;
    }
    const byName = params as Readonly<Record<string, unknown>>;
    if (Array.isArray(params) || !(name in byName)) throw new Error(`missing parameter @${name}`);
    let n = named.get(name);
    if (n === undefined) {
      values.push(byName[name] ?? null);
      n = values.length;
      named.set(name, n);
    }
    return `$${n}`;
  });
  return { text: out, values };
}

export class PgSql {
  constructor(
    private readonly db: Executor,
    private readonly prepared?: PreparedQuery,
  ) {}

  /**
   * A read outside any transaction as a named prepared statement, so PostgreSQL plans it once per
   * connection instead of on every call (the deck's queries join seven tables). PGlite and
   * transactions fall back to `all`.
   */
  async cached<T>(name: string, text: string, params?: Params, options?: { generic?: boolean }): Promise<T[]> {
    if (!this.prepared) return this.all<T>(text, params);
    const q = toPositional(text, params);
    return (await this.prepared(name, q.text, q.values, options)) as T[];
  }

  private async exec(text: string, params?: Params): Promise<RawResult> {
    return (await this.db.execute(toSql(text, params))) as unknown as RawResult;
  }

  async all<T>(text: string, params?: Params): Promise<T[]> {
    return ((await this.exec(text, params)).rows ?? []) as T[];
  }

  async get<T>(text: string, params?: Params): Promise<T | undefined> {
    return (await this.all<T>(text, params))[0];
  }

  /** `changes` is the number of rows inserted, updated or deleted. */
  async run(text: string, params?: Params): Promise<{ changes: number }> {
    const r = await this.exec(text, params);
    // node-postgres reports rowCount, PGlite affectedRows.
    return { changes: r.affectedRows ?? r.rowCount ?? 0 };
  }

  /**
   * One transaction (READ COMMITTED). Checks that must not interleave take row locks first
   * (`lockUsers`) or an advisory lock (`lockKey`): the PostgreSQL twin of SQLite's IMMEDIATE.
   */
  transaction<T>(fn: (tx: PgSql) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PgSql(tx)));
  }

  /** Locks these users' rows until the transaction ends, in id order so two locks never deadlock. */
  async lockUsers(...userIds: string[]): Promise<void> {
    const ids = [...new Set(userIds)].sort();
    await this.all(
      'SELECT id FROM users WHERE id IN (SELECT value FROM json_array_elements_text(?::json)) ORDER BY id FOR UPDATE',
      [JSON.stringify(ids)],
    );
  }

  /** Serialises transactions on one key (a rate-limit bucket, say) that has no row to lock. */
  async lockKey(key: string): Promise<void> {
    await this.all('SELECT pg_advisory_xact_lock(hashtextextended(?, 0))', [key]);
  }
}

/** The first row of a drizzle select (`.then(first)`), like better-sqlite3's `.get()`. */
export const first = <T>(rows: T[]): T | undefined => rows[0];

/** A unique constraint was violated (23505), whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    if ('code' in cur && cur.code === '23505') return true;
    cur = 'cause' in cur ? cur.cause : undefined;
  }
  return false;
}
