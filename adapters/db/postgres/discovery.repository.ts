/**
 * PostgreSQL adapters for discovery, swipes, subscriptions and boosts: the SQLite queries (N29). The
 * deck's reads run as named prepared statements, planned once per connection (bench/deck.ts); a swipe
 * writes under the pair's and the liker's advisory locks so the daily limits hold across processes (N31, N162).
 */
import type { Subscription } from '../../../core/billing/entitlements';
import type { BoostState } from '../../../core/likes/boosts';
import type { SwipeDecision, SwipeState } from '../../../core/likes/rules';
import type { Campus, CardDetails, PoolCandidate } from '../../../core/matching/deck';
import type {
  BoostRepository,
  DiscoveryRepository,
  LikerRow,
  MatchRow,
  PoolQuery,
  ProfileCard,
  SubscriptionRepository,
  SwipeRepository,
  SwipeWritten,
  Viewer,
} from '../../../core/matching/ports';
import type { DomainError } from '../../../core/shared/errors';
import { ok, type Result } from '../../../core/shared/result';
import type { StatementEvents } from '../../realtime/postgres.bus';
import { type DeckWalkRunner, deckWalkSql, NO_POSITION, toPositions, walkCampus } from '../shared/deck-walk';
import {
  type CardRow,
  cardsSql,
  DEALBREAKERS_HOLD,
  dealbreakerParams,
  ELIGIBLE,
  type MatchDbRow,
  NO_FLAGS,
  POOL_COLUMNS,
  type ProfileRow,
  type SubscriptionRow,
  SWIPE_SIDES,
  type SwipeStateRow,
  toCardDetails,
  toLiker,
  toPerson,
  toPoolCandidate,
  toProfileCards,
  toSubscription,
  toSwipe,
  toSwipeSides,
  toSwipeState,
  VERIFIED_ONLY,
  VISIBLE,
} from '../shared/discovery-rows';
import { DELETE_NOTIFICATION, likeNoticeAfterPg } from '../shared/notifications-rows';
import { mediaUrl } from './profiles.repository';
import type { PgSql } from './sql';

export class PostgresDiscoveryRepository implements DiscoveryRepository {
  private campusByName: Map<string, Campus> | null = null;
  private readonly runWalk: DeckWalkRunner;
  private readonly byIds: string;
  private readonly boosted: string;
  private readonly superLikers: string;
  private readonly cardRows: string;
  private readonly photoRows: string;
  private readonly viewerRow: string;
  private readonly visibleCards: string;

  constructor(private readonly sql: PgSql) {
    const walk = deckWalkSql((param) => `value::bigint FROM json_array_elements_text(${param}::json)`);
    // The walk keeps a generic plan, on the connections set for it (N80, N209).
    this.runWalk = (name, params) =>
      this.sql.cached(`deck_${name}`, walk[name], params, { generic: name === 'walk' || name === 'holes' });
    this.byIds = `SELECT ${POOL_COLUMNS} FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id
       WHERE p.id IN (SELECT value FROM json_array_elements_text(@ids::json)) AND ${ELIGIBLE} AND ${VERIFIED_ONLY}
         AND ${DEALBREAKERS_HOLD}`;
    this.boosted = 'SELECT DISTINCT user_id AS id FROM boosts WHERE starts_at <= @now AND ends_at > @now';
    this.superLikers = `SELECT user_id AS id FROM matches WHERE matched_user_id = @me AND is_super_like = 1 AND status = 'liked'`;
    const cards = cardsSql((param) => `value FROM json_array_elements_text(${param}::json)`);
    this.cardRows = cards.cards;
    this.photoRows = cards.photos;
    this.viewerRow = `SELECT ${POOL_COLUMNS}, p.completed_at,
         (SELECT count(*) FROM photos ph WHERE ph.user_id = p.id) AS photo_count,
         (SELECT count(*) FROM profile_prompts pp WHERE pp.profile_id = p.id) AS prompt_count
       FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id WHERE p.id = @id`;
    this.visibleCards = `SELECT ${POOL_COLUMNS} FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id
       WHERE p.id IN (SELECT value FROM json_array_elements_text(@ids::json)) AND ${VISIBLE('p.id')}`;
  }

  /** The 22 campuses, read once: reference data does not change while the process runs. */
  private async loadCampuses(): Promise<Map<string, Campus>> {
    this.campusByName ??= new Map(
      (
        await this.sql.all<{ name: string; latitude: number; longitude: number; metro_group: string | null }>(
          'SELECT name, latitude, longitude, metro_group FROM universities',
        )
      ).map((u) => [
        u.name.toLowerCase(),
        { name: u.name, point: { latitude: u.latitude, longitude: u.longitude }, metroGroup: u.metro_group },
      ]),
    );
    return this.campusByName;
  }

  async campuses(): Promise<Campus[]> {
    return [...(await this.loadCampuses()).values()];
  }

  /** Synchronous: it runs for every row of a pool, after `loadCampuses` filled the cache. */
  private campusOf(name: string): Campus {
    return this.campusByName?.get(name.toLowerCase()) ?? { name, point: null, metroGroup: null };
  }

  async viewer(userId: string): Promise<Viewer | null> {
    await this.loadCampuses();
    const [r] = await this.sql.cached<
      ProfileRow & { completed_at: number | null; photo_count: number; prompt_count: number }
    >('deck_viewerRow', this.viewerRow, { id: userId });
    if (!r) return null;
    return {
      userId,
      campus: this.campusOf(r.university),
      person: toPerson(r),
      complete: r.completed_at !== null && r.photo_count >= 1 && r.prompt_count === 3,
    };
  }

  async candidatePool(viewerId: string, q: PoolQuery): Promise<PoolCandidate[]> {
    const me = viewerId;
    await this.loadCampuses();
    const exclude = new Set(q.exclude);
    const verifiedOnly = q.verifiedOnly ? 1 : 0;
    const db = dealbreakerParams(q.dealbreakers);
    const inReach = new Set(q.universities.map((u) => u.toLowerCase()));
    // Three independent reads, one round trip's wait (issue 18 §8).
    const [boostedRows, superLikerRows, positionRows] = await Promise.all([
      this.sql.cached<{ id: string }>('deck_boosted', this.boosted, { now: q.now.getTime() }),
      this.sql.cached<{ id: string }>('deck_superLikers', this.superLikers, { me }),
      this.runWalk('positions', { me }),
    ]);
    const boosted = new Set(boostedRows.map((r) => r.id));
    const superLikers = new Set(superLikerRows.map((r) => r.id));
    const flags = { boosted, superLikers };
    const seen = new Set<string>();
    const rows: ProfileRow[] = [];
    const take = (r: ProfileRow) => {
      if (exclude.has(r.id) || seen.has(r.id)) return;
      seen.add(r.id);
      rows.push(r);
    };
    const special = [...new Set([...boosted, ...superLikers])];
    if (special.length > 0) {
      // The walk's joins and conditions again: planned once too (N209).
      const params = { me, ids: JSON.stringify(special), verifiedOnly, ...db };
      for (const r of (await this.sql.cached('deck_byIds', this.byIds, params, { generic: true })) as ProfileRow[]) {
        if (inReach.has(r.university.toLowerCase())) take(r);
      }
    }
    const positions = toPositions(positionRows);
    for (const university of q.universities) {
      const room = q.limit - rows.length;
      if (room <= 0) break;
      // Ask for a few more than room: excluded users may be among them.
      const walked = await walkCampus(
        this.runWalk,
        university,
        positions.get(university) ?? NO_POSITION,
        room + exclude.size,
        { me, verifiedOnly, ...db },
        q.now,
      );
      for (const r of walked) take(r);
    }
    return rows
      .slice(0, Math.max(q.limit, special.length))
      .map((r) => toPoolCandidate(r, this.campusOf(r.university), flags));
  }

  async hydrate(userIds: string[]): Promise<CardDetails[]> {
    if (userIds.length === 0) return [];
    const ids = JSON.stringify(userIds);
    const [cardRows, photoRows] = await Promise.all([
      this.sql.cached<CardRow>('deck_cards', this.cardRows, { ids }),
      this.sql.cached<{ user_id: string; storage_key: string }>('deck_photos', this.photoRows, { ids }),
    ]);
    return toCardDetails(cardRows, photoRows, mediaUrl);
  }

  async swipeSides(viewerId: string, targetId: string) {
    await this.loadCampuses();
    const [row] = await this.sql.cached<Record<string, unknown>>('swipe_sides', SWIPE_SIDES, {
      me: viewerId,
      target: targetId,
    });
    return toSwipeSides(row ?? {}, viewerId, (university) => this.campusOf(university));
  }

  /** Cards of these users as `viewerId` may see them (no blocks either way, active accounts). */
  async cards(viewerId: string, userIds: string[]): Promise<ProfileCard[]> {
    if (userIds.length === 0) return [];
    await this.loadCampuses();
    const rows = (await this.sql.cached('deck_visibleCards', this.visibleCards, {
      me: viewerId,
      ids: JSON.stringify(userIds),
    })) as ProfileRow[];
    return toProfileCards(
      rows.map((r) => toPoolCandidate(r, this.campusOf(r.university), NO_FLAGS)),
      await this.hydrate(rows.map((r) => r.id)),
    );
  }
}

/**
 * The check-and-write, and the like's notification when it applied (N187): one statement, one
 * commit. The function's result is read once (a CTE with a volatile function is materialised).
 * `ungrouped`: a student's own like of a student in no group, which no group match can follow (N226).
 * With `events` (the PostgreSQL bus, N225), the notification's realtime event is written and
 * announced by the same statement when the like is ungrouped; otherwise the use case publishes it
 * after its group-match check, as before.
 */
const swipeGuarded = (
  events: StatementEvents | null,
) => `WITH s AS (SELECT nestmate_swipe_guarded(@me::text, @target::text,
  @since::bigint, @mutual::boolean, @likesBelow::integer, @supersBelow::integer, @supersAtLeast::integer, @id::text,
  @status::text, @isSuperLike::smallint, @score::integer, @matchedAt::bigint, @now::bigint, @matchReverse::boolean,
  @spend::boolean, @group::text) AS applied),
  g AS (SELECT @group::text IS NULL
    AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.user_id = @target::text) AS ungrouped),
  n AS (${likeNoticeAfterPg('s')} RETURNING id)${
    events
      ? `,
  r AS (SELECT @target::text AS user_id, json_build_object('type', 'notification.stored', 'id', n.id)::text AS payload
    FROM n, g WHERE g.ungrouped),
  e AS (${events.insert('r')})
  SELECT s.applied, g.ungrouped, ${events.announce('e')} > 0 AS announced FROM s, g`
      : `
  SELECT s.applied, g.ungrouped, false AS announced FROM s, g`
  }`;

type SwipeWriteRow = { applied: boolean; ungrouped: boolean; announced: boolean };

const written = (decision: SwipeDecision, row: SwipeWriteRow): SwipeWritten => ({
  ...decision,
  ungrouped: row.ungrouped === true,
  announced: row.announced === true,
});

/** The locks nestmate_swipe_guarded takes (migration 0017_swipe_guard): the liker's and the pair's. */
const SWIPE_LOCKS = `SELECT pg_advisory_xact_lock(hashtextextended('swipe:' || @me::text, 0)),
  pg_advisory_xact_lock(hashtextextended('swipe-pair:' || least(@me::text, @target::text) || ':' || greatest(@me::text, @target::text), 0))`;

/** The state most swipes meet, which the first check-and-write of a swipe assumes (N162). */
const LIKELY_STATE: SwipeState = {
  existing: null,
  reverse: null,
  likesInWindow: 0,
  superLikesInWindow: 0,
  superLikeBalance: 0,
};

export class PostgresSwipeRepository implements SwipeRepository {
  private readonly guarded: string;
  private readonly one: string;
  private readonly likersQuery: string;
  private readonly matchesQuery: string;

  /** `events`: the PostgreSQL bus's, when it is the bus in use (N225). */
  constructor(
    private readonly sql: PgSql,
    events: StatementEvents | null = null,
  ) {
    this.guarded = swipeGuarded(events);
    this.one = 'SELECT * FROM matches WHERE user_id = ? AND matched_user_id = ?';
    this.likersQuery = `SELECT m.user_id, m.created_at, m.is_super_like, m.group_id FROM matches m
       WHERE m.matched_user_id = @me AND m.status = 'liked'
         AND NOT EXISTS (SELECT 1 FROM matches mine WHERE mine.user_id = @me AND mine.matched_user_id = m.user_id)
         AND NOT EXISTS (SELECT 1 FROM group_matches gx WHERE gx.group_id = m.group_id AND gx.user_id = @me)
         AND ${VISIBLE('m.user_id')}
       ORDER BY m.is_super_like DESC, m.created_at DESC`;
    this.matchesQuery = `SELECT m.matched_user_id, m.matched_at, m.compatibility_score FROM matches m
       WHERE m.user_id = @me AND m.status = 'matched' AND ${VISIBLE('m.matched_user_id')}
       ORDER BY m.matched_at DESC`;
  }

  /** The state a decision reads (SWIPE_STATE_SQLITE's PostgreSQL twin, migration 0007). */
  private async state(me: string, target: string, since: Date, sql: PgSql = this.sql) {
    const params = { me, target, since: since.getTime() };
    const text = 'SELECT * FROM nestmate_swipe_state(@me::text, @target::text, @since::bigint)';
    const row = (
      sql === this.sql ? await sql.cached('swipe_state_row', text, params) : await sql.all(text, params)
    )[0] as SwipeStateRow;
    return toSwipeState(me, target, row);
  }

  /**
   * Optimistic (N79, N162), one round trip in the common case: core decides first on the state most
   * swipes meet (no swipe either way, nothing counted today), and nestmate_swipe_guarded takes the
   * pair's lock (and the liker's when a daily count decides), checks that the real state meets the
   * decision's guard, and writes. A guard holds only where core would decide the same (the property
   * core/likes/likes.test.ts proves), so the write is what a decision on the real state would be. When
   * the guard fails (a like back, a count that matters, an earlier swipe, a race), read the state,
   * decide on it and check-and-write again; a refusal needs no write; after a few races, decide under
   * the same locks in a transaction.
   */
  async swipe(
    input: Parameters<SwipeRepository['swipe']>[0],
    decide: (state: SwipeState) => Result<SwipeDecision, DomainError>,
  ): Promise<Result<SwipeWritten, DomainError>> {
    const guessed = decide(LIKELY_STATE);
    if (guessed.ok) {
      const written = await this.apply(input, guessed.value);
      if (written) return ok(written);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const decision = decide(await this.state(input.userId, input.targetId, input.windowStart));
      if (!decision.ok) return decision;
      const written = await this.apply(input, decision.value);
      if (written) return ok(written);
    }
    return this.sql.transaction(async (tx) => {
      // The function's own locks, taken before reading: the state cannot change under the decision.
      // The pair's key is ordered by PostgreSQL, as in the function, whatever the ids look like.
      await tx.all(SWIPE_LOCKS, { me: input.userId, target: input.targetId });
      const decision = decide(await this.state(input.userId, input.targetId, input.windowStart, tx));
      if (!decision.ok) return decision;
      const [row] = await tx.all<SwipeWriteRow>(this.guarded, this.writeOf(input, decision.value));
      if (!row?.applied) throw new Error('a swipe decided under its locks did not apply');
      return ok(written(decision.value, row));
    });
  }

  /** The check-and-write: the decision as written when the state met its guard, else null. */
  private async apply(input: Parameters<SwipeRepository['swipe']>[0], decision: SwipeDecision) {
    const [row] = await this.sql.cached<SwipeWriteRow>('swipe_guarded', this.guarded, this.writeOf(input, decision));
    return row?.applied === true ? written(decision, row) : null;
  }

  private writeOf(input: Parameters<SwipeRepository['swipe']>[0], decision: SwipeDecision) {
    const { record, guard } = decision;
    return {
      me: record.userId,
      target: record.targetId,
      since: input.windowStart.getTime(),
      mutual: guard.mutual,
      likesBelow: guard.likesBelow,
      supersBelow: guard.superLikesBelow,
      supersAtLeast: guard.superLikesAtLeast,
      id: input.id,
      status: record.status,
      isSuperLike: record.isSuperLike ? 1 : 0,
      score: input.score,
      matchedAt: record.matchedAt?.getTime() ?? null,
      now: input.now.getTime(),
      matchReverse: decision.matchReverse,
      spend: decision.spendPurchasedSuperLike,
      group: input.groupId ?? null,
      notice: record.status === 'liked' ? (input.notice ?? null) : null,
    };
  }

  async get(userId: string, targetId: string) {
    return toSwipe((await this.sql.get(this.one, [userId, targetId])) as MatchDbRow | undefined);
  }

  async dropNotice(userId: string, id: string) {
    await this.sql.run(DELETE_NOTIFICATION, [userId, id]);
  }

  async superLikeState(userId: string, windowStart: Date) {
    const state = await this.state(userId, userId, windowStart);
    return { superLikesInWindow: state.superLikesInWindow, superLikeBalance: state.superLikeBalance };
  }

  async likers(userId: string): Promise<LikerRow[]> {
    return (
      (await this.sql.all(this.likersQuery, { me: userId })) as {
        user_id: string;
        created_at: number;
        is_super_like: number;
        group_id: string | null;
      }[]
    ).map(toLiker);
  }

  async matches(userId: string): Promise<MatchRow[]> {
    return (
      (await this.sql.all(this.matchesQuery, { me: userId })) as {
        matched_user_id: string;
        matched_at: number;
        compatibility_score: number | null;
      }[]
    ).map((r) => ({
      userId: r.matched_user_id,
      matchedAt: new Date(r.matched_at),
      compatibilityScore: r.compatibility_score,
    }));
  }
}

export class PostgresSubscriptionRepository implements SubscriptionRepository {
  constructor(private readonly sql: PgSql) {}

  async get(userId: string): Promise<Subscription | null> {
    // A named statement: the liked student's plan is read where push needs it.
    const [r] = await this.sql.cached<SubscriptionRow>(
      'subscription',
      'SELECT is_premium, tier, subscription_end, cancelled FROM subscriptions WHERE user_id = ?',
      [userId],
    );
    return r ? toSubscription(r) : null;
  }

  async set(userId: string, sub: Subscription, at: Date) {
    await this.sql.run(
      `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, updated_at)
       VALUES (@userId, @isPremium, @tier, @end, @cancelled, @at)
       ON CONFLICT (user_id) DO UPDATE SET is_premium = excluded.is_premium, tier = excluded.tier,
         subscription_end = excluded.subscription_end, cancelled = excluded.cancelled, updated_at = excluded.updated_at`,
      {
        userId,
        isPremium: sub.isPremium ? 1 : 0,
        tier: sub.tier,
        end: sub.subscriptionEnd?.getTime() ?? null,
        cancelled: sub.cancelled ? 1 : 0,
        at: at.getTime(),
      },
    );
  }
}

export class PostgresBoostRepository implements BoostRepository {
  constructor(private readonly sql: PgSql) {}

  private async read(sql: PgSql, userId: string, now: Date, monthStart: Date): Promise<BoostState> {
    const active = (await sql.get('SELECT max(ends_at) AS until FROM boosts WHERE user_id = ? AND ends_at > ?', [
      userId,
      now.getTime(),
    ])) as { until: number | null };
    const used = (await sql.get(
      `SELECT count(*) AS n FROM boosts WHERE user_id = ? AND source = 'monthly' AND starts_at >= ?`,
      [userId, monthStart.getTime()],
    )) as { n: number };
    const bal = (await sql.get('SELECT boosts FROM balances WHERE user_id = ?', [userId])) as
      | { boosts: number }
      | undefined;
    return {
      activeUntil: active.until === null ? null : new Date(active.until),
      monthlyUsedThisMonth: used.n,
      purchasedBalance: bal?.boosts ?? 0,
    };
  }

  async state(userId: string, now: Date, monthStart: Date) {
    return this.read(this.sql, userId, now, monthStart);
  }

  async start(
    userId: string,
    now: Date,
    monthStart: Date,
    id: string,
    decide: (state: BoostState) => Result<{ source: 'monthly' | 'purchased'; endsAt: Date }, DomainError>,
  ): Promise<Result<{ endsAt: Date }, DomainError>> {
    return this.sql.transaction(async (tx): Promise<Result<{ endsAt: Date }, DomainError>> => {
      await tx.lockUsers(userId);
      const decision = decide(await this.read(tx, userId, now, monthStart));
      if (!decision.ok) return decision;
      await tx.run('INSERT INTO boosts (id, user_id, source, starts_at, ends_at) VALUES (?, ?, ?, ?, ?)', [
        id,
        userId,
        decision.value.source,
        now.getTime(),
        decision.value.endsAt.getTime(),
      ]);
      if (decision.value.source === 'purchased') {
        await tx.run('UPDATE balances SET boosts = boosts - 1, updated_at = ? WHERE user_id = ?', [
          now.getTime(),
          userId,
        ]);
      }
      return { ok: true, value: { endsAt: decision.value.endsAt } };
    });
  }
}
