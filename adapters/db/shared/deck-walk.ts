/**
 * The deck's walk of one campus (issue 18 §8, N156), shared by the SQLite and PostgreSQL discovery
 * repositories: eligible students in deck_seq order, started past what the viewer has already swiped.
 *
 * A viewer's position on a campus says: every student there whose deck_seq is at most `position`,
 * except the `holes`, is the viewer or was swiped by them. That stays true on its own: swipes are
 * never taken back (the product has no undo, and passed students do not come back: D13, 001 §3),
 * they go only with an account, and a student who joins or changes campus takes a deck_seq past
 * every number handed out before (the triggers of migration deck_seq). So the walk reads the holes,
 * then the students past the position: the same students, in the same order, as a walk from the
 * start, without re-reading thousands of swiped ones. The position moves forward during a deck read
 * when the walk had to skip many students; a position that could not move records how far it looked.
 */
import { DEALBREAKERS_HOLD, ELIGIBLE, POOL_COLUMNS, type ProfileRow, VERIFIED_ONLY } from './discovery-rows';

export type DeckPosition = { position: number; holes: number[]; checkedTo: number };

export const NO_POSITION: DeckPosition = { position: 0, holes: [], checkedTo: 0 };

/** How many unswiped students a position may keep behind it (each is read again by every deck). */
export const HOLES_MAX = 256;
/** A walk that skipped this many students past where the last extension looked tries to move on. */
export const SKIP_GATE = 64;
/** Students read per round of an extension. */
export const SCAN_CHUNK = 2_000;
/** Past every deck_seq: the bound of a count that runs to the end of a campus. */
const END = Number.MAX_SAFE_INTEGER;

export type PoolRow = ProfileRow & { deck_seq: number | string };

/** The walk's statements; `seqList` turns the JSON list parameter into a set of numbers per engine. */
export function deckWalkSql(seqList: (param: string) => string) {
  const pool = `SELECT ${POOL_COLUMNS}, p.deck_seq FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id`;
  const eligible = `${ELIGIBLE} AND ${VERIFIED_ONLY} AND ${DEALBREAKERS_HOLD}`;
  const done = `(p.id = @me OR EXISTS (SELECT 1 FROM matches m WHERE m.user_id = @me AND m.matched_user_id = p.id))`;
  return {
    positions: 'SELECT university, position, holes, checked_to FROM deck_positions WHERE user_id = @me',
    /** Eligible students past the position, in walk order (an index range that stops at its LIMIT). */
    walk: `${pool} WHERE p.university = @university AND p.deck_seq > @from AND ${eligible}
      ORDER BY p.deck_seq LIMIT @limit`,
    /** Eligible students among the holes, in walk order. */
    holes: `${pool} WHERE p.university = @university AND p.deck_seq IN (SELECT ${seqList('@holes')}) AND ${eligible}
      ORDER BY p.deck_seq LIMIT @limit`,
    /** How many students of the campus lie in (@from, @to]: the index alone. */
    count: `SELECT count(*) AS n FROM profiles p WHERE p.university = @university AND p.deck_seq > @from
      AND p.deck_seq <= @to`,
    /** Students past @from in walk order, each with whether the position may pass them. */
    scan: `SELECT p.deck_seq, CASE WHEN ${done} THEN 1 ELSE 0 END AS done FROM profiles p
      WHERE p.university = @university AND p.deck_seq > @from ORDER BY p.deck_seq LIMIT @limit`,
    /** The holes still on the campus and not yet swiped. */
    openHoles: `SELECT p.deck_seq FROM profiles p WHERE p.university = @university
      AND p.deck_seq IN (SELECT ${seqList('@holes')}) AND NOT ${done}`,
    save: `INSERT INTO deck_positions (user_id, university, position, holes, checked_to, updated_at)
      VALUES (@me, @university, @position, @holes, @checkedTo, @now)
      ON CONFLICT (user_id, university) DO UPDATE SET position = excluded.position, holes = excluded.holes,
        checked_to = excluded.checked_to, updated_at = excluded.updated_at`,
  };
}

export type DeckWalkStatement = keyof ReturnType<typeof deckWalkSql>;

/** Runs one of the walk's statements: better-sqlite3 or the pg pool. */
export type DeckWalkRunner = (
  name: DeckWalkStatement,
  params: Record<string, string | number | null>,
) => Promise<Record<string, unknown>[]>;

export function toPositions(rows: Record<string, unknown>[]): Map<string, DeckPosition> {
  return new Map(
    rows.map((r) => [
      String(r.university),
      {
        position: Number(r.position),
        holes: parseSeqs(String(r.holes)),
        checkedTo: Number(r.checked_to),
      },
    ]),
  );
}

const parseSeqs = (json: string): number[] => {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : [];
  } catch {
    return [];
  }
};

/**
 * Moves a position over scanned students (deck_seq ascending, all past `from`): it passes every
 * student the viewer swiped, keeping the unswiped ones met on the way as holes, up to HOLES_MAX in
 * all with the `open` holes it already had; it stops at the last swiped student (unswiped students
 * after it would only be holes that skip nothing). Returns the new position, and whether the scan
 * stopped early (holes full), so the caller knows not to read on.
 */
export function extendPosition(
  from: number,
  open: readonly number[],
  scanned: readonly { seq: number; done: boolean }[],
  max = HOLES_MAX,
): { next: DeckPosition; full: boolean } {
  const holes = [...open];
  let tentative: number[] = [];
  let position = from;
  let checkedTo = from;
  let full = false;
  for (const row of scanned) {
    if (row.done) {
      holes.push(...tentative);
      tentative = [];
      position = row.seq;
    } else if (holes.length + tentative.length >= max) {
      full = true;
      break;
    } else {
      tentative.push(row.seq);
    }
    checkedTo = row.seq;
  }
  return { next: { position, holes: holes.sort((a, b) => a - b), checkedTo }, full };
}

/**
 * Up to `want` eligible students of `university` in walk order, for the viewer in `params.me`,
 * starting from the viewer's position; moves the position on when the walk skipped many.
 */
export async function walkCampus(
  run: DeckWalkRunner,
  university: string,
  start: DeckPosition,
  want: number,
  params: Record<string, string | number | null> & { me: string },
  now: Date,
): Promise<PoolRow[]> {
  const base = { ...params, university };
  const rows: PoolRow[] = [];
  if (start.holes.length > 0) {
    rows.push(...((await run('holes', { ...base, holes: JSON.stringify(start.holes), limit: want })) as PoolRow[]));
  }
  if (rows.length >= want) return rows;
  const limit = want - rows.length;
  const walked = (await run('walk', { ...base, from: start.position, limit })) as PoolRow[];
  rows.push(...walked);

  // Did the walk skip many students past where the position's last extension looked?
  const floor = Math.max(start.position, start.checkedTo);
  const last = walked.length < limit ? END : Number(walked[walked.length - 1]?.deck_seq ?? END);
  if (last <= floor) return rows;
  const [counted] = await run('count', { university, from: floor, to: last });
  const returned = walked.filter((r) => Number(r.deck_seq) > floor).length;
  if (Number(counted?.n ?? 0) - returned < SKIP_GATE) return rows;

  await extend(run, params.me, university, start, now);
  return rows;
}

async function extend(run: DeckWalkRunner, me: string, university: string, start: DeckPosition, now: Date) {
  const open =
    start.holes.length === 0
      ? []
      : (await run('openHoles', { me, university, holes: JSON.stringify(start.holes) })).map((r) => Number(r.deck_seq));
  let from = start.position;
  let current: DeckPosition = { ...start, holes: open };
  let pending: { seq: number; done: boolean }[] = [];
  for (;;) {
    const chunk = (await run('scan', { me, university, from, limit: SCAN_CHUNK })).map((r) => ({
      seq: Number(r.deck_seq),
      done: Number(r.done) === 1,
    }));
    // Unswiped students after the last swiped one carry over into the next chunk's decision.
    const { next, full } = extendPosition(current.position, current.holes, [...pending, ...chunk]);
    const last = chunk[chunk.length - 1];
    if (full || chunk.length < SCAN_CHUNK || !last) {
      current = next;
      break;
    }
    pending = [...pending, ...chunk].filter((r) => r.seq > next.position);
    current = { position: next.position, holes: next.holes, checkedTo: next.checkedTo };
    from = last.seq;
  }
  const checkedTo = Math.max(current.checkedTo, start.checkedTo);
  const moved =
    current.position !== start.position || checkedTo !== start.checkedTo || current.holes.join() !== start.holes.join();
  if (!moved) return;
  await run('save', {
    me,
    university,
    position: current.position,
    holes: JSON.stringify(current.holes),
    checkedTo,
    now: now.getTime(),
  });
}
