/**
 * SQLite adapters for discovery, swipes, subscriptions and boosts. The deck's queries are
 * hand-written prepared statements: they run on every deck and must stay fast at 100,000
 * profiles (bench/deck.ts), and each is an index walk that stops at its LIMIT.
 */
import type { Statement } from 'better-sqlite3';
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
import {
  type DeckWalkRunner,
  type DeckWalkStatement,
  deckWalkSql,
  NO_POSITION,
  toPositions,
  walkCampus,
} from '../shared/deck-walk';
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
  SWIPE_STATE_SQLITE,
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
import { DELETE_NOTIFICATION, INSERT_NOTIFICATION, likeNoticeParams } from '../shared/notifications-rows';
import type { SqliteDb } from './client';
import { mediaUrl } from './profiles.repository';

export class SqliteDiscoveryRepository implements DiscoveryRepository {
  private campusByName: Map<string, Campus> | null = null;
  private readonly walk: Record<DeckWalkStatement, Statement>;
  private readonly runWalk: DeckWalkRunner;
  private readonly byIds: Statement;
  private readonly boosted: Statement;
  private readonly superLikers: Statement;
  private readonly cardRows: Statement;
  private readonly photoRows: Statement;
  private readonly viewerRow: Statement;
  private readonly sides: Statement;
  private readonly visibleCards: Statement;

  constructor(private readonly db: SqliteDb) {
    const sql = db.$client;
    const walk = deckWalkSql((param) => `value FROM json_each(${param})`);
    this.walk = Object.fromEntries(Object.entries(walk).map(([name, text]) => [name, sql.prepare(text)])) as Record<
      DeckWalkStatement,
      Statement
    >;
    this.runWalk = async (name, params) => {
      const statement = this.walk[name];
      if (!statement.reader) {
        statement.run(params);
        return [];
      }
      return statement.all(params) as Record<string, unknown>[];
    };
    this.byIds = sql.prepare(
      `SELECT ${POOL_COLUMNS} FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id
       WHERE p.id IN (SELECT value FROM json_each(@ids)) AND ${ELIGIBLE} AND ${VERIFIED_ONLY}
         AND ${DEALBREAKERS_HOLD}`,
    );
    this.boosted = sql.prepare('SELECT DISTINCT user_id AS id FROM boosts WHERE starts_at <= @now AND ends_at > @now');
    this.superLikers = sql.prepare(
      `SELECT user_id AS id FROM matches WHERE matched_user_id = @me AND is_super_like = 1 AND status = 'liked'`,
    );
    const cards = cardsSql((param) => `value FROM json_each(${param})`);
    this.cardRows = sql.prepare(cards.cards);
    this.photoRows = sql.prepare(cards.photos);
    this.viewerRow = sql.prepare(
      `SELECT ${POOL_COLUMNS}, p.completed_at,
         (SELECT count(*) FROM photos ph WHERE ph.user_id = p.id) AS photo_count,
         (SELECT count(*) FROM profile_prompts pp WHERE pp.profile_id = p.id) AS prompt_count
       FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id WHERE p.id = @id`,
    );
    this.sides = sql.prepare(SWIPE_SIDES);
    this.visibleCards = sql.prepare(
      `SELECT ${POOL_COLUMNS} FROM profiles p JOIN roommate_preferences rp ON rp.user_id = p.id
       WHERE p.id IN (SELECT value FROM json_each(@ids)) AND ${VISIBLE('p.id')}`,
    );
  }

  /** The 22 campuses, read once: reference data does not change while the process runs. */
  private loadCampuses(): Map<string, Campus> {
    this.campusByName ??= new Map(
      (
        this.db.$client.prepare('SELECT name, latitude, longitude, metro_group FROM universities').all() as {
          name: string;
          latitude: number;
          longitude: number;
          metro_group: string | null;
        }[]
      ).map((u) => [
        u.name.toLowerCase(),
        { name: u.name, point: { latitude: u.latitude, longitude: u.longitude }, metroGroup: u.metro_group },
      ]),
    );
    return this.campusByName;
  }

  async campuses(): Promise<Campus[]> {
    return [...this.loadCampuses().values()];
  }

  /** Synchronous: it runs for every row of a pool. */
  private campusOf(name: string): Campus {
    return this.loadCampuses().get(name.toLowerCase()) ?? { name, point: null, metroGroup: null };
  }

  async viewer(userId: string): Promise<Viewer | null> {
    const r = this.viewerRow.get({ id: userId }) as
      | (ProfileRow & { completed_at: number | null; photo_count: number; prompt_count: number })
      | undefined;
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
    const exclude = new Set(q.exclude);
    const verifiedOnly = q.verifiedOnly ? 1 : 0;
    const db = dealbreakerParams(q.dealbreakers);
    const inReach = new Set(q.universities.map((u) => u.toLowerCase()));
    const boosted = new Set((this.boosted.all({ now: q.now.getTime() }) as { id: string }[]).map((r) => r.id));
    const superLikers = new Set((this.superLikers.all({ me }) as { id: string }[]).map((r) => r.id));
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
      for (const r of this.byIds.all({ me, ids: JSON.stringify(special), verifiedOnly, ...db }) as ProfileRow[]) {
        if (inReach.has(r.university.toLowerCase())) take(r);
      }
    }
    const positions = toPositions(this.walk.positions.all({ me }) as Record<string, unknown>[]);
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
    return toCardDetails(
      this.cardRows.all({ ids }) as CardRow[],
      this.photoRows.all({ ids }) as { user_id: string; storage_key: string }[],
      mediaUrl,
    );
  }

  async swipeSides(viewerId: string, targetId: string) {
    const row = this.sides.get({ me: viewerId, target: targetId }) as Record<string, unknown>;
    return toSwipeSides(row, viewerId, (university) => this.campusOf(university));
  }

  /** Cards of these users as `viewerId` may see them (no blocks either way, active accounts). */
  async cards(viewerId: string, userIds: string[]): Promise<ProfileCard[]> {
    if (userIds.length === 0) return [];
    const rows = this.visibleCards.all({ me: viewerId, ids: JSON.stringify(userIds) }) as ProfileRow[];
    return toProfileCards(
      rows.map((r) => toPoolCandidate(r, this.campusOf(r.university), NO_FLAGS)),
      await this.hydrate(rows.map((r) => r.id)),
    );
  }
}

export class SqliteSwipeRepository implements SwipeRepository {
  private readonly one: Statement;
  private readonly stateQuery: Statement;
  private readonly insert: Statement;
  private readonly matchReverse: Statement;
  private readonly spendSuperLike: Statement;
  private readonly likersQuery: Statement;
  private readonly matchesQuery: Statement;
  private readonly insertNotice: Statement;
  private readonly deleteNotice: Statement;
  private readonly inGroup: Statement;

  constructor(private readonly db: SqliteDb) {
    const sql = db.$client;
    this.one = sql.prepare('SELECT * FROM matches WHERE user_id = ? AND matched_user_id = ?');
    this.insertNotice = sql.prepare(INSERT_NOTIFICATION);
    this.deleteNotice = sql.prepare(DELETE_NOTIFICATION);
    this.inGroup = sql.prepare('SELECT 1 FROM group_members WHERE user_id = ? LIMIT 1');
    // One statement for everything a decision reads (issue 18 §6).
    this.stateQuery = sql.prepare(SWIPE_STATE_SQLITE);
    this.insert = sql.prepare(
      `INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, compatibility_score, matched_at, created_at, group_id)
       VALUES (@id, @userId, @targetId, @status, @isSuperLike, @score, @matchedAt, @createdAt, @groupId)`,
    );
    this.matchReverse = sql.prepare(
      `UPDATE matches SET status = 'matched', matched_at = @now WHERE user_id = @other AND matched_user_id = @me AND status = 'liked'`,
    );
    this.spendSuperLike = sql.prepare(
      'UPDATE balances SET super_likes = super_likes - 1, updated_at = @now WHERE user_id = @me AND super_likes > 0',
    );
    this.likersQuery = sql.prepare(
      `SELECT m.user_id, m.created_at, m.is_super_like, m.group_id FROM matches m
       WHERE m.matched_user_id = @me AND m.status = 'liked'
         AND NOT EXISTS (SELECT 1 FROM matches mine WHERE mine.user_id = @me AND mine.matched_user_id = m.user_id)
         AND NOT EXISTS (SELECT 1 FROM group_matches gx WHERE gx.group_id = m.group_id AND gx.user_id = @me)
         AND ${VISIBLE('m.user_id')}
       ORDER BY m.is_super_like DESC, m.created_at DESC`,
    );
    this.matchesQuery = sql.prepare(
      `SELECT m.matched_user_id, m.matched_at, m.compatibility_score FROM matches m
       WHERE m.user_id = @me AND m.status = 'matched' AND ${VISIBLE('m.matched_user_id')}
       ORDER BY m.matched_at DESC`,
    );
  }

  private state(userId: string, targetId: string, since: Date): SwipeState {
    const row = this.stateQuery.get({ me: userId, target: targetId, since: since.getTime() }) as SwipeStateRow;
    return toSwipeState(userId, targetId, row);
  }

  async swipe(
    input: Parameters<SwipeRepository['swipe']>[0],
    decide: (state: SwipeState) => Result<SwipeDecision, DomainError>,
  ): Promise<Result<SwipeWritten, DomainError>> {
    // IMMEDIATE takes the write lock before reading, so the counts cannot change under us,
    // in this process or another (D14: limits hold under concurrent requests).
    const run = this.db.$client.transaction((): Result<SwipeWritten, DomainError> => {
      const decision = decide(this.state(input.userId, input.targetId, input.windowStart));
      if (!decision.ok) return decision;
      const { record, matchReverse, spendPurchasedSuperLike } = decision.value;
      const now = input.now.getTime();
      this.insert.run({
        id: input.id,
        userId: record.userId,
        targetId: record.targetId,
        status: record.status,
        isSuperLike: record.isSuperLike ? 1 : 0,
        score: input.score,
        matchedAt: record.matchedAt?.getTime() ?? null,
        createdAt: now,
        groupId: input.groupId ?? null,
      });
      if (matchReverse) this.matchReverse.run({ now, other: record.targetId, me: record.userId });
      if (spendPurchasedSuperLike) this.spendSuperLike.run({ now, me: record.userId });
      // One commit for the like and its notification (N187).
      if (input.notice && record.status === 'liked')
        this.insertNotice.run(likeNoticeParams(input.notice, record.userId, record.targetId, now));
      // Read under the write lock: no membership can change before the commit (N226).
      const ungrouped = (input.groupId ?? null) === null && this.inGroup.get(record.targetId) === undefined;
      return ok({ ...decision.value, ungrouped, announced: false });
    });
    return run.immediate();
  }

  async get(userId: string, targetId: string) {
    return toSwipe(this.one.get(userId, targetId) as MatchDbRow | undefined);
  }

  async dropNotice(userId: string, id: string) {
    this.deleteNotice.run(userId, id);
  }

  async superLikeState(userId: string, windowStart: Date) {
    const s = this.state(userId, userId, windowStart);
    return { superLikesInWindow: s.superLikesInWindow, superLikeBalance: s.superLikeBalance };
  }

  async likers(userId: string): Promise<LikerRow[]> {
    return (
      this.likersQuery.all({ me: userId }) as {
        user_id: string;
        created_at: number;
        is_super_like: number;
        group_id: string | null;
      }[]
    ).map(toLiker);
  }

  async matches(userId: string): Promise<MatchRow[]> {
    return (
      this.matchesQuery.all({ me: userId }) as {
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

export class SqliteSubscriptionRepository implements SubscriptionRepository {
  private readonly one: Statement;

  constructor(private readonly db: SqliteDb) {
    this.one = db.$client.prepare(
      'SELECT is_premium, tier, subscription_end, cancelled FROM subscriptions WHERE user_id = ?',
    );
  }

  async get(userId: string): Promise<Subscription | null> {
    const r = this.one.get(userId) as SubscriptionRow | undefined;
    return r ? toSubscription(r) : null;
  }

  async set(userId: string, sub: Subscription, at: Date) {
    this.db.$client
      .prepare(
        `INSERT INTO subscriptions (user_id, is_premium, tier, subscription_end, cancelled, updated_at)
         VALUES (@userId, @isPremium, @tier, @end, @cancelled, @at)
         ON CONFLICT (user_id) DO UPDATE SET is_premium = excluded.is_premium, tier = excluded.tier,
           subscription_end = excluded.subscription_end, cancelled = excluded.cancelled, updated_at = excluded.updated_at`,
      )
      .run({
        userId,
        isPremium: sub.isPremium ? 1 : 0,
        tier: sub.tier,
        end: sub.subscriptionEnd?.getTime() ?? null,
        cancelled: sub.cancelled ? 1 : 0,
        at: at.getTime(),
      });
  }
}

export class SqliteBoostRepository implements BoostRepository {
  constructor(private readonly db: SqliteDb) {}

  private read(userId: string, now: Date, monthStart: Date): BoostState {
    const sql = this.db.$client;
    const active = sql
      .prepare('SELECT max(ends_at) AS until FROM boosts WHERE user_id = ? AND ends_at > ?')
      .get(userId, now.getTime()) as { until: number | null };
    const used = sql
      .prepare(`SELECT count(*) AS n FROM boosts WHERE user_id = ? AND source = 'monthly' AND starts_at >= ?`)
      .get(userId, monthStart.getTime()) as { n: number };
    const bal = sql.prepare('SELECT boosts FROM balances WHERE user_id = ?').get(userId) as
      | { boosts: number }
      | undefined;
    return {
      activeUntil: active.until === null ? null : new Date(active.until),
      monthlyUsedThisMonth: used.n,
      purchasedBalance: bal?.boosts ?? 0,
    };
  }

  async state(userId: string, now: Date, monthStart: Date) {
    return this.read(userId, now, monthStart);
  }

  async start(
    userId: string,
    now: Date,
    monthStart: Date,
    id: string,
    decide: (state: BoostState) => Result<{ source: 'monthly' | 'purchased'; endsAt: Date }, DomainError>,
  ): Promise<Result<{ endsAt: Date }, DomainError>> {
    const sql = this.db.$client;
    const run = sql.transaction((): Result<{ endsAt: Date }, DomainError> => {
      const decision = decide(this.read(userId, now, monthStart));
      if (!decision.ok) return decision;
      sql
        .prepare('INSERT INTO boosts (id, user_id, source, starts_at, ends_at) VALUES (?, ?, ?, ?, ?)')
        .run(id, userId, decision.value.source, now.getTime(), decision.value.endsAt.getTime());
      if (decision.value.source === 'purchased') {
        sql
          .prepare('UPDATE balances SET boosts = boosts - 1, updated_at = ? WHERE user_id = ?')
          .run(now.getTime(), userId);
      }
      return { ok: true, value: { endsAt: decision.value.endsAt } };
    });
    return run.immediate();
  }
}
