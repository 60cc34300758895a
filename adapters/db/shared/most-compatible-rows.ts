/**
 * What the SQLite and PostgreSQL Most Compatible repositories share (N29: same representation, same
 * SQL apart from how a JSON list of ids is expanded): the roster's columns and conditions, the picks.
 */
import type { RosterEntry, StoredPick } from '../../../core/most-compatible/ports';
import { type ProfileRow, toPerson } from './discovery-rows';

/** `ids` expands a JSON array parameter: json_each on SQLite, json_array_elements_text on PostgreSQL. */
type Expand = (param: string) => string;

const ROSTER_COLUMNS = `p.id, p.university, p.gender, p.pets, rp.cleanliness, rp.sleep_schedule, rp.noise_level,
  rp.study_habits, rp.guest_policy, rp.smoking_tolerance, rp.housing_status, rp.min_budget, rp.max_budget,
  rp.move_in_date, rp.gender_preference, rp.dealbreakers, rp.dealbreaker_no_smokers, rp.dealbreaker_no_pets,
  rp.dealbreaker_budget_ceiling, rp.dealbreaker_no_frequent_guests`;

/** The deck's conditions without the viewer (D13): completed, with a photo, active account. */
export const ROSTER = (ids: Expand) => `SELECT ${ROSTER_COLUMNS}
  FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id
  WHERE p.university IN ${ids('@universities')} AND p.completed_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.id AND u.status = 'active')
    AND EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.id)
  ORDER BY p.id`;

/** Blocks and swipes (any status) either way among the students (N132). */
export const APART = (ids: Expand) => `SELECT blocker_id AS a, blocked_user_id AS b FROM blocked_users
  WHERE blocker_id IN ${ids('@ids')} AND blocked_user_id IN ${ids('@ids')}
  UNION SELECT user_id AS a, matched_user_id AS b FROM matches
  WHERE user_id IN ${ids('@ids')} AND matched_user_id IN ${ids('@ids')}`;

export const PICK = 'SELECT user_id, pick_user_id, score FROM most_compatible_picks WHERE day = ? AND user_id = ?';
export const HAS_RUN = 'SELECT 1 AS found FROM most_compatible_runs WHERE day = ? AND campus = ?';
export const INSERT_RUN = `INSERT INTO most_compatible_runs (day, campus, method, students, computed_at)
  VALUES (@day, @campus, @method, @students, @computedAt) ON CONFLICT (day, campus) DO NOTHING`;
// A run never overwrites a row a late joiner's pairing wrote first (N136).
export const INSERT_PICK = `INSERT INTO most_compatible_picks (day, user_id, campus, pick_user_id, score)
  VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO NOTHING`;
export const PICK_STATES = (ids: Expand) =>
  `SELECT user_id, pick_user_id FROM most_compatible_picks WHERE day = @day AND user_id IN ${ids('@ids')}`;
/** Whether the student already has a pick today (a row with pick_user_id set). */
export const HAS_PICK =
  'SELECT 1 AS found FROM most_compatible_picks WHERE day = ? AND user_id = ? AND pick_user_id IS NOT NULL';
/** Sets a late pairing on a row without a pick, or inserts it; a row with a pick stays as it is. */
export const CLAIM_PICK = `INSERT INTO most_compatible_picks (day, user_id, campus, pick_user_id, score)
  VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO UPDATE SET pick_user_id = excluded.pick_user_id,
  score = excluded.score WHERE most_compatible_picks.pick_user_id IS NULL`;
export const PRUNE_RUNS = 'DELETE FROM most_compatible_runs WHERE campus = ? AND day < ?';
export const PRUNE_PICKS = 'DELETE FROM most_compatible_picks WHERE campus = ? AND day < ?';

export type RosterRow = Pick<
  ProfileRow,
  | 'id'
  | 'university'
  | 'gender'
  | 'pets'
  | 'cleanliness'
  | 'sleep_schedule'
  | 'noise_level'
  | 'study_habits'
  | 'guest_policy'
  | 'smoking_tolerance'
  | 'housing_status'
  | 'min_budget'
  | 'max_budget'
  | 'move_in_date'
  | 'gender_preference'
  | 'dealbreakers'
  | 'dealbreaker_no_smokers'
  | 'dealbreaker_no_pets'
  | 'dealbreaker_budget_ceiling'
  | 'dealbreaker_no_frequent_guests'
>;

export const toRosterEntry = (r: RosterRow): RosterEntry => ({
  userId: r.id,
  university: r.university,
  // toPerson reads only the preference columns the roster selects.
  person: toPerson(r as ProfileRow),
});

export type PickRow = { user_id: string; pick_user_id: string | null; score: number | null };

export const toStoredPick = (r: PickRow | undefined): StoredPick | null =>
  r ? { userId: r.user_id, pickUserId: r.pick_user_id, score: r.score } : null;

/** Inserts of many picks go in batches of this many rows. */
export const PICK_BATCH = 500;
