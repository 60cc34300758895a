/** SQLite adapter for Most Compatible today (issue 21, N133). */
import type { MostCompatibleRepository, MostCompatibleRun, StoredPick } from '../../../core/most-compatible/ports';
import {
  APART,
  HAS_RUN,
  INSERT_PICK,
  INSERT_RUN,
  PICK,
  type PickRow,
  PRUNE_PICKS,
  PRUNE_RUNS,
  ROSTER,
  type RosterRow,
  toRosterEntry,
  toStoredPick,
} from '../shared/most-compatible-rows';
import type { SqliteDb } from './client';

const expand = (param: string) => `(SELECT value FROM json_each(${param}))`;

export class SqliteMostCompatibleRepository implements MostCompatibleRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  async roster(universities: string[]) {
    const rows = this.sql.prepare(ROSTER(expand)).all({ universities: JSON.stringify(universities) }) as RosterRow[];
    return rows.map(toRosterEntry);
  }

  async apartPairs(userIds: string[]): Promise<[string, string][]> {
    if (userIds.length < 2) return [];
    const rows = this.sql.prepare(APART(expand)).all({ ids: JSON.stringify(userIds) }) as { a: string; b: string }[];
    return rows.map((r) => [r.a, r.b]);
  }

  async pick(day: string, userId: string) {
    return toStoredPick(this.sql.prepare(PICK).get(day, userId) as PickRow | undefined);
  }

  async hasRun(day: string, campus: string) {
    return this.sql.prepare(HAS_RUN).get(day, campus) !== undefined;
  }

  async saveRun(run: MostCompatibleRun, picks: StoredPick[], keepFrom: string) {
    // One transaction: a reader sees the whole campus's picks or none of them.
    return this.sql
      .transaction(() => {
        const inserted = this.sql.prepare(INSERT_RUN).run({ ...run, computedAt: run.computedAt.getTime() }).changes > 0;
        if (!inserted) return false;
        const insert = this.sql.prepare(INSERT_PICK);
        for (const p of picks) insert.run(run.day, p.userId, run.campus, p.pickUserId, p.score);
        this.sql.prepare(PRUNE_RUNS).run(run.campus, keepFrom);
        this.sql.prepare(PRUNE_PICKS).run(run.campus, keepFrom);
        return true;
      })
      .immediate();
  }
}
