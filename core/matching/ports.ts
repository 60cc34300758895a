/** Capabilities discovery and likes need (style habit 3). */
import type { Subscription } from '../billing/entitlements';
import type { ModeSetting } from '../groups/rules';
import type { BoostState } from '../likes/boosts';
import type { GroupMatchRepository } from '../likes/group-likes';
import type { SwipeAction, SwipeDecision, SwipeRecord, SwipeState } from '../likes/rules';
import type { TrustBadges } from '../profiles/model';
import type { Clock } from '../shared/clock';
import type { DomainError } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import type { Result } from '../shared/result';
import type { MatchPerson } from './compatibility';
import type { PoolDealbreakers } from './dealbreakers';
import type { Campus, CardDetails, PoolCandidate } from './deck';

export type Viewer = { userId: string; campus: Campus; person: MatchPerson; complete: boolean };

/**
 * Everything a swipe reads before it decides, in one read (issue 18): the swiper's profile, plan and
 * search mode, and the target when the swiper may swipe them (active, complete with a photo, no block
 * either way: the deck's conditions but distance, which core checks with `withinReach`), with their
 * profile for the score (null without preferences).
 */
export type SwipeSides = {
  viewer: Viewer | null;
  target: { campus: Campus; person: MatchPerson | null } | null;
  subscription: Subscription | null;
  mode: ModeSetting;
};

export type PoolQuery = {
  /** Universities in reach, in the order to draw from (own campus first, then by distance). */
  universities: string[];
  /** Users never shown (the viewer, group members). */
  exclude: string[];
  limit: number;
  now: Date;
  /** Only students whose photo is verified (issue 16's "Verified only"). */
  verifiedOnly: boolean;
  /** Leave out breakers of either side's structured dealbreakers (issue 21, N151). */
  dealbreakers: PoolDealbreakers;
};

/** A profile as cards and lists show it (no private fields). */
export type ProfileCard = {
  userId: string;
  name: string;
  bio: string;
  university: string;
  major: string;
  graduationYear: number | null;
  gender: string | null;
  photos: string[];
  prompt: { promptText: string; response: string } | null;
  person: MatchPerson;
  badges: TrustBadges;
};

export interface DiscoveryRepository {
  /** The campuses with coordinates and metro groups (000 §3 reference data). */
  campuses(): Promise<Campus[]>;
  viewer(userId: string): Promise<Viewer | null>;
  /**
   * Complete, active, unblocked, not yet swiped profiles at these universities: everyone boosted
   * or who super-liked the viewer, then others in university order up to the limit, each campus
   * in its walk order (N157).
   */
  candidatePool(viewerId: string, query: PoolQuery): Promise<PoolCandidate[]>;
  /**
   * What only a card shows (name, bio, gender as shown, badges, photos, the first prompt answer) for
   * the cards that made the deck (N208); a user without a profile any more is left out.
   */
  hydrate(userIds: string[]): Promise<CardDetails[]>;
  /** What a swipe of `targetId` by `viewerId` reads before deciding (SwipeSides), in one read. */
  swipeSides(viewerId: string, targetId: string): Promise<SwipeSides>;
  /** Cards of these users as the viewer may see them: active accounts, no block either way. */
  cards(viewerId: string, userIds: string[]): Promise<ProfileCard[]>;
}

/** A like received; `groupId` names the group it was made for (issue 20), null for a student's own. */
export type LikerRow = { userId: string; createdAt: Date; isSuperLike: boolean; groupId: string | null };
export type MatchRow = { userId: string; matchedAt: Date; compatibilityScore: number | null };

/** A swipe's decision as written, with what the write learned beside it (issue 18). */
export type SwipeWritten = SwipeDecision & {
  /**
   * The write itself published the like's notification to the liked student (N225: PostgreSQL's
   * bus, one commit): only push is left to deliver.
   */
  announced?: boolean;
  /**
   * A student's own like of a student in no group, read in the write (N226): no group match can
   * follow it, so none is looked for.
   */
  ungrouped?: boolean;
};

export interface SwipeRepository {
  /** Reads the state, asks `decide`, and writes its decision, all in one transaction. */
  swipe(
    input: {
      userId: string;
      targetId: string;
      action: SwipeAction;
      now: Date;
      windowStart: Date;
      id: string;
      score: number | null;
      /** The group the like is made for in group mode (issue 20); none for a student's own. */
      groupId?: string | null;
      /**
       * The id of the liked student's notification (kind `like`, from the liker), written in the
       * same transaction when the decision is a like that makes no match (N187); none, none written.
       */
      notice?: string | null;
    },
    decide: (state: SwipeState) => Result<SwipeDecision, DomainError>,
  ): Promise<Result<SwipeWritten, DomainError>>;
  get(userId: string, targetId: string): Promise<SwipeRecord | null>;
  /** Removes a like's notification written with it (the like made a group match instead, N187). */
  dropNotice(userId: string, id: string): Promise<void>;
  superLikeState(userId: string, windowStart: Date): Promise<{ superLikesInWindow: number; superLikeBalance: number }>;
  /** Likes received and not yet answered, from visible accounts. */
  likers(userId: string): Promise<LikerRow[]>;
  matches(userId: string): Promise<MatchRow[]>;
}

export interface SubscriptionRepository {
  get(userId: string): Promise<Subscription | null>;
  set(userId: string, sub: Subscription, at: Date): Promise<void>;
}

export interface BoostRepository {
  state(userId: string, now: Date, monthStart: Date): Promise<BoostState>;
  /** Starts a boost when `decide` allows it, atomically with the balance it spends. */
  start(
    userId: string,
    now: Date,
    monthStart: Date,
    id: string,
    decide: (state: BoostState) => Result<{ source: 'monthly' | 'purchased'; endsAt: Date }, DomainError>,
  ): Promise<Result<{ endsAt: Date }, DomainError>>;
}

export type DiscoveryDeps = {
  clock: Clock;
  ids: IdGenerator;
  discovery: DiscoveryRepository;
  swipes: SwipeRepository;
  subscriptions: SubscriptionRepository;
  boosts: BoostRepository;
  /** Told about every new match: messaging opens the conversation and notifies both (001 §4). */
  onMatch?: (userId: string, otherId: string, conversationId: string) => Promise<void>;
  /**
   * Told about a like that made no match yet, whose notification `noticeId` the like's write stored
   * (N187): the notification centre tells the liked student's tabs and browsers (issue 19);
   * `announced`: the write already told the tabs (N225), only browsers are left.
   */
  onLiked?: (likerId: string, likedId: string, noticeId: string, announced: boolean) => Promise<void>;
  groupMatches: GroupMatchRepository;
  /** Told about a new group match (issue 20): everyone in its conversation hears of it. */
  onGroupMatch?: (conversationId: string, people: string[], byUserId: string) => Promise<void>;
};
