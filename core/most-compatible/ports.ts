/** What Most Compatible today needs stored (issue 21; decisions N133). */
import type { MatchPerson } from '../matching/compatibility';

/** A student the day's matching may pair: complete profile with a photo, active account. */
export type RosterEntry = { userId: string; university: string; person: MatchPerson };

export type MostCompatibleRun = {
  day: string;
  /** The home campus, lower-cased: one matching per campus and day. */
  campus: string;
  method: 'stable' | 'max-weight';
  students: number;
  computedAt: Date;
};

export type StoredPick = { userId: string; pickUserId: string | null; score: number | null };

export interface MostCompatibleRepository {
  /** Students at these universities the matching may pair (complete with a photo, active). */
  roster(universities: string[]): Promise<RosterEntry[]>;
  /** Pairs among these students never paired: a block either way, a swipe either way (N132). */
  apartPairs(userIds: string[]): Promise<[string, string][]>;
  /** The student's stored pick of the day, or null when none was stored for them. */
  pick(day: string, userId: string): Promise<StoredPick | null>;
  hasRun(day: string, campus: string): Promise<boolean>;
  /**
   * Stores a campus's run with its picks, atomically, unless that campus and day is stored already
   * (another process got there first: false). Drops the campus's runs and picks before `keepFrom`.
   */
  saveRun(run: MostCompatibleRun, picks: StoredPick[], keepFrom: string): Promise<boolean>;
  /** Today's stored pick (null: none) of those of these students who have a row for the day. */
  pickStates(day: string, userIds: string[]): Promise<Map<string, string | null>>;
  /**
   * A student who joined after their campus's run (N136): pairs them with `other` when neither has a
   * pick for the day yet (rows with no pick are updated, missing rows inserted), atomically, so two
   * late joiners never take the same student; false when `other` was taken meanwhile. With `other`
   * null it stores that the student has nobody today, so the next late joiner can pair with them.
   */
  claimPair(
    day: string,
    student: { userId: string; campus: string },
    other: { userId: string; campus: string } | null,
    score: number | null,
  ): Promise<boolean>;
}
