/** SQLite adapter for Most Compatible today (issue 21, N133). */
import type { MostCompatibleRepository, MostCompatibleRun, StoredPick } from '../../../core/most-compatible/ports';
import {
  APART,
  CLAIM_PICK,
  HAS_PICK,
  HAS_RUN,
  INSERT_PICK,
  INSERT_RUN,
  PICK,
  PICK_STATES,
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

  async pickStates(day: string, userIds: string[]) {
    if (userIds.length === 0) return new Map<string, string | null>();
    const rows = this.sql.prepare(PICK_STATES(expand)).all({ day, ids: JSON.stringify(userIds) }) as {
      user_id: string;
      pick_user_id: string | null;
    }[];
    return new Map(rows.map((r) => [r.user_id, r.pick_user_id]));
  }

  async claimPair(
    day: string,
    student: { userId: string; campus: string },
    other: { userId: string; campus: string } | null,
    score: number | null,
  ) {
    // IMMEDIATE: the checks and the writes hold the write lock together.
    return this.sql
      .transaction(() => {
        const taken = (id: string) => this.sql.prepare(HAS_PICK).get(day, id) !== undefined;
        if (taken(student.userId) || (other && taken(other.userId))) return false;
        const claim = this.sql.prepare(CLAIM_PICK);
        claim.run(day, student.userId, student.campus, other?.userId ?? null, score);
        if (other) claim.run(day, other.userId, other.campus, student.userId, score);
        return true;
      })
      .immediate();
  }
}
