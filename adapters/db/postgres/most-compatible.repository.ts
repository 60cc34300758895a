/** PostgreSQL adapter for Most Compatible today (issue 21, N133), the twin of the SQLite one. */
import type { MostCompatibleRepository, MostCompatibleRun, StoredPick } from '../../../core/most-compatible/ports';
import {
  APART,
  CLAIM_PICK,
  HAS_PICK,
  HAS_RUN,
  INSERT_PICK,
  INSERT_RUN,
  PICK,
  PICK_BATCH,
  PICK_STATES,
  type PickRow,
  PRUNE_PICKS,
  PRUNE_RUNS,
  ROSTER,
  type RosterRow,
  toRosterEntry,
  toStoredPick,
} from '../shared/most-compatible-rows';
import type { PgSql } from './sql';

const expand = (param: string) => `(SELECT value FROM json_array_elements_text(${param}::json))`;

export class PostgresMostCompatibleRepository implements MostCompatibleRepository {
  constructor(private readonly q: PgSql) {}

  async roster(universities: string[]) {
    const rows = await this.q.all<RosterRow>(ROSTER(expand), { universities: JSON.stringify(universities) });
    return rows.map(toRosterEntry);
  }

  async apartPairs(userIds: string[]): Promise<[string, string][]> {
    if (userIds.length < 2) return [];
    const rows = await this.q.all<{ a: string; b: string }>(APART(expand), { ids: JSON.stringify(userIds) });
    return rows.map((r) => [r.a, r.b]);
  }

  async pick(day: string, userId: string) {
    return toStoredPick(await this.q.get<PickRow>(PICK, [day, userId]));
  }

  async hasRun(day: string, campus: string) {
    return (await this.q.get(HAS_RUN, [day, campus])) !== undefined;
  }

  async saveRun(run: MostCompatibleRun, picks: StoredPick[], keepFrom: string) {
    return this.q.transaction(async (tx) => {
      // Two processes computing the same campus at once: the second waits here, then finds the run.
      await tx.lockKey(`most-compatible:${run.day}:${run.campus}`);
      const { changes } = await tx.run(INSERT_RUN, { ...run, computedAt: run.computedAt.getTime() });
      if (changes === 0) return false;
      for (let i = 0; i < picks.length; i += PICK_BATCH) {
        const batch = picks.slice(i, i + PICK_BATCH);
        const values = batch.map(() => '(?, ?, ?, ?, ?)').join(', ');
        const params = batch.flatMap((p) => [run.day, p.userId, run.campus, p.pickUserId, p.score]);
        await tx.run(INSERT_PICK.replace('VALUES (?, ?, ?, ?, ?)', `VALUES ${values}`), params);
      }
      await tx.run(PRUNE_RUNS, [run.campus, keepFrom]);
      await tx.run(PRUNE_PICKS, [run.campus, keepFrom]);
      return true;
    });
  }

  async pickStates(day: string, userIds: string[]) {
    if (userIds.length === 0) return new Map<string, string | null>();
    const rows = await this.q.all<{ user_id: string; pick_user_id: string | null }>(PICK_STATES(expand), {
      day,
      ids: JSON.stringify(userIds),
    });
    return new Map(rows.map((r) => [r.user_id, r.pick_user_id]));
  }

  async claimPair(
    day: string,
    student: { userId: string; campus: string },
    other: { userId: string; campus: string } | null,
    score: number | null,
  ) {
    return this.q.transaction(async (tx) => {
      // Both students' rows locked (in id order), so two late joiners never claim the same one.
      await tx.lockUsers(student.userId, ...(other ? [other.userId] : []));
      const taken = async (id: string) => (await tx.get(HAS_PICK, [day, id])) !== undefined;
      if ((await taken(student.userId)) || (other && (await taken(other.userId)))) return false;
      await tx.run(CLAIM_PICK, [day, student.userId, student.campus, other?.userId ?? null, score]);
      if (other) await tx.run(CLAIM_PICK, [day, other.userId, other.campus, student.userId, score]);
      return true;
    });
  }
}
