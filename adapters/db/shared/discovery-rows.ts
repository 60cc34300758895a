/**
 * What the SQLite and PostgreSQL discovery repositories share (N29: both engines store the same
 * representation and run the same SQL): the profile row, its columns and eligibility conditions,
 * and the mappers from rows to core types.
 */
import type { Subscription } from '../../../core/billing/entitlements';
import type { SwipeRecord, SwipeState, SwipeStatus } from '../../../core/likes/rules';
import type { MatchPerson } from '../../../core/matching/compatibility';
import {
  type DealbreakerRule,
  FREQUENT_GUESTS_FROM,
  PETS_AT_HOME,
  type PoolDealbreakers,
  SMOKING_AT_HOME,
} from '../../../core/matching/dealbreakers';
import type { Campus, CardDetails, PoolCandidate } from '../../../core/matching/deck';
import type { ProfileCard, SwipeSides } from '../../../core/matching/ports';
import type { TrustBadges } from '../../../core/profiles/model';
import { MAIN_PHOTO_OF } from './verification-repo-rows';

/** A pool row: what placing, filtering and scoring a student read (POOL_COLUMNS, N208). */
export type ProfileRow = {
  id: string;
  university: string;
  major: string | null;
  graduation_year: number | null;
  gender: string | null;
  pets: string | null;
  cleanliness: number;
  sleep_schedule: number;
  noise_level: number;
  study_habits: number;
  guest_policy: number | null;
  smoking_tolerance: string | null;
  housing_status: string | null;
  min_budget: number | null;
  max_budget: number | null;
  move_in_date: string | null;
  gender_preference: string;
  dealbreakers: string;
  dealbreaker_no_smokers: number | boolean;
  dealbreaker_no_pets: number | boolean;
  dealbreaker_budget_ceiling: number | boolean;
  dealbreaker_no_frequent_guests: number | boolean;
};

/**
 * Issue 16's badges for the profile in `p`. School: the school the confirmed address belongs to is
 * the profile's. Photo: an approved selfie vouched for the photo that is still the main one, so a new
 * main photo suspends the badge without a write.
 */
export const SCHOOL_VERIFIED = (p: string) =>
  `EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${p}.id AND vu.verified_university = ${p}.university)`;
export const PHOTO_VERIFIED = (p: string) =>
  `coalesce(${p}.photo_verified_photo_id = ${MAIN_PHOTO_OF(`${p}.id`)}, false)`;

/** SQLite answers 0/1, PostgreSQL true/false. */
export const toBadges = (r: { school_verified: number | boolean; photo_verified: number | boolean }): TrustBadges => ({
  schoolVerified: r.school_verified === true || r.school_verified === 1,
  photoVerified: r.photo_verified === true || r.photo_verified === 1,
});

/**
 * The columns of a pool row (ProfileRow). The deck walks about 200 rows for the 50 cards it shows, so
 * what only a card shows (CARDS_SQL: name, bio, badges, photos, prompt) is read for those 50 (N208).
 */
export const POOL_COLUMNS = `p.id, p.university, p.major, p.graduation_year, p.gender, p.pets, rp.cleanliness,
  rp.sleep_schedule, rp.noise_level, rp.study_habits, rp.guest_policy, rp.smoking_tolerance, rp.housing_status,
  rp.min_budget, rp.max_budget, rp.move_in_date, rp.gender_preference, rp.dealbreakers, rp.dealbreaker_no_smokers,
  rp.dealbreaker_no_pets, rp.dealbreaker_budget_ceiling, rp.dealbreaker_no_frequent_guests`;

/** A card row (CARDS_SQL): what only a card shows, with the first prompt answer. */
export type CardRow = {
  id: string;
  name: string;
  bio: string | null;
  gender: string | null;
  gender_self_describe: string | null;
  school_verified: number | boolean;
  photo_verified: number | boolean;
  prompt_text: string | null;
  response: string | null;
};

/**
 * The cards of the users in the JSON list @ids, and their photos in order; `idList` turns the list
 * parameter into rows of `value` per engine. A user without a profile has no card.
 */
export const cardsSql = (idList: (param: string) => string) => ({
  cards: `SELECT p.id, p.name, p.bio, p.gender, p.gender_self_describe, ${SCHOOL_VERIFIED('p')} AS school_verified,
    ${PHOTO_VERIFIED('p')} AS photo_verified, q.prompt_text, pp.response
    FROM profiles p LEFT JOIN profile_prompts pp ON pp.profile_id = p.id AND pp.position = 0
    LEFT JOIN prompts q ON q.id = pp.prompt_id
    WHERE p.id IN (SELECT ${idList('@ids')})`,
  photos: `SELECT user_id, storage_key FROM photos WHERE user_id IN (SELECT ${idList('@ids')}) ORDER BY user_id, position`,
});

/** Card details from the rows of `cardsSql`, in the order of `cardRows`. */
export function toCardDetails(
  cardRows: CardRow[],
  photoRows: { user_id: string; storage_key: string }[],
  url: (key: string) => string,
): CardDetails[] {
  const photos = new Map<string, string[]>();
  for (const r of photoRows) {
    const list = photos.get(r.user_id);
    if (list) list.push(url(r.storage_key));
    else photos.set(r.user_id, [url(r.storage_key)]);
  }
  return cardRows.map((r) => ({
    userId: r.id,
    name: r.name,
    bio: r.bio ?? '',
    gender: displayGender(r),
    photos: photos.get(r.id) ?? [],
    prompt: r.prompt_text !== null && r.response !== null ? { promptText: r.prompt_text, response: r.response } : null,
    badges: toBadges(r),
  }));
}

/** Neither boosted nor a super-liker: cards outside the deck. */
export const NO_FLAGS = { boosted: new Set<string>(), superLikers: new Set<string>() };

/** Cards of students as lists show them: each candidate with its details, those without details left out. */
export function toProfileCards(candidates: PoolCandidate[], details: CardDetails[]): ProfileCard[] {
  const byId = new Map(details.map((d) => [d.userId, d]));
  return candidates.flatMap((c) => {
    const d = byId.get(c.userId);
    if (!d) return [];
    return [
      {
        userId: c.userId,
        name: d.name,
        bio: d.bio,
        university: c.university,
        major: c.major,
        graduationYear: c.graduationYear,
        gender: d.gender,
        photos: d.photos,
        prompt: d.prompt,
        person: c.person,
        badges: d.badges,
      },
    ];
  });
}

/** A pool row as core's pool candidate. */
export function toPoolCandidate(
  r: ProfileRow,
  campus: Campus,
  flags: { boosted: Set<string>; superLikers: Set<string> },
): PoolCandidate {
  return {
    userId: r.id,
    university: r.university,
    major: r.major ?? '',
    graduationYear: r.graduation_year,
    campus,
    person: toPerson(r),
    isBoosted: flags.boosted.has(r.id),
    superLikedYou: flags.superLikers.has(r.id),
    filterable: {
      university: r.university,
      major: r.major ?? '',
      graduationYear: r.graduation_year,
      gender: r.gender,
      preferences: {
        housingStatus: r.housing_status,
        moveInDate: r.move_in_date,
        minBudget: r.min_budget,
        maxBudget: r.max_budget,
        cleanliness: r.cleanliness,
        sleepSchedule: r.sleep_schedule,
        studyHabits: r.study_habits,
        noiseLevel: r.noise_level,
        guestPolicy: r.guest_policy,
      },
    },
  };
}

/** One student's badges (the profile dialog). */
export const BADGES_OF = `SELECT ${SCHOOL_VERIFIED('p')} AS school_verified, ${PHOTO_VERIFIED('p')} AS photo_verified
  FROM profiles p WHERE p.id = @id`;

const NO_BADGES = { school_verified: 0, photo_verified: 0 };
export const badgesOf = (r: Parameters<typeof toBadges>[0] | undefined) => toBadges(r ?? NO_BADGES);

/** The deck's "Verified only" (issue 16), on when @verifiedOnly is 1. */
export const VERIFIED_ONLY = `(@verifiedOnly = 0 OR ${PHOTO_VERIFIED('p')})`;

/**
 * May be swiped by @me (D13 without distance, which core's `withinReach` adds): active, completed,
 * with a photo, unblocked with @me either way. A like outside the deck's reach is refused with it.
 */
export const SWIPEABLE = `p.completed_at IS NOT NULL
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.id AND u.status = 'active')
  AND EXISTS (SELECT 1 FROM photos ph WHERE ph.user_id = p.id)
  AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.blocker_id = @me AND b.blocked_user_id = p.id)
  AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.blocker_id = p.id AND b.blocked_user_id = @me)`;

/**
 * Eligible for someone's deck: not swiped by @me yet, and swipeable by @me. The swipe check comes
 * first: a heavy swiper's walk skips thousands of students they already swiped, and each skip then
 * costs one probe of the pair index instead of every check of SWIPEABLE as well (issue 18 §8).
 */
export const ELIGIBLE = `NOT EXISTS (SELECT 1 FROM matches m WHERE m.user_id = @me AND m.matched_user_id = p.id)
  AND ${SWIPEABLE}`;

/** Visible to @me at all (cards, likes, matches): active and no block either way. */
export const VISIBLE = (col: string) => `EXISTS (SELECT 1 FROM users u WHERE u.id = ${col} AND u.status = 'active')
  AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.blocker_id = @me AND b.blocked_user_id = ${col})
  AND NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.blocker_id = ${col} AND b.blocked_user_id = @me)`;

/** A block in either direction between @me and the user in `col`. */
export const BLOCKED_EITHER_WAY = (col: string) =>
  `EXISTS (SELECT 1 FROM blocked_users b WHERE (b.blocker_id = @me AND b.blocked_user_id = ${col})
     OR (b.blocker_id = ${col} AND b.blocked_user_id = @me))`;

/** What `canViewProfile` (core/profiles/visibility.ts) needs about @owner as @me sees them. */
export const OWNER_VISIBILITY = `SELECT (SELECT u.status FROM users u WHERE u.id = @owner) AS status,
  ${BLOCKED_EITHER_WAY('@owner')} AS blocked`;

export const parseList = (json: string | null): string[] => {
  try {
    const v = JSON.parse(json ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export const displayGender = (r: { gender: string | null; gender_self_describe: string | null }) =>
  r.gender === 'Prefer to self-describe' ? r.gender_self_describe : r.gender === 'Prefer not to say' ? null : r.gender;

export function toPerson(r: ProfileRow): MatchPerson {
  return {
    gender: r.gender,
    pets: r.pets,
    preferences: {
      cleanliness: r.cleanliness,
      sleepSchedule: r.sleep_schedule,
      noiseLevel: r.noise_level,
      studyHabits: r.study_habits,
      guestPolicy: r.guest_policy,
      smokingTolerance: r.smoking_tolerance,
      housingStatus: r.housing_status,
      minBudget: r.min_budget,
      maxBudget: r.max_budget,
      moveInDate: r.move_in_date,
      genderPreference: parseList(r.gender_preference),
      dealbreakers: parseList(r.dealbreakers),
      dealbreakerRules: rulesFromColumns({
        dealbreakerNoSmokers: isOn(r.dealbreaker_no_smokers),
        dealbreakerNoPets: isOn(r.dealbreaker_no_pets),
        dealbreakerBudgetCeiling: isOn(r.dealbreaker_budget_ceiling),
        dealbreakerNoFrequentGuests: isOn(r.dealbreaker_no_frequent_guests),
      }),
    },
  };
}

/** SQLite answers 0/1, PostgreSQL's smallint the same (N29); drizzle maps them to booleans. */
const isOn = (v: number | boolean) => v === true || Number(v) === 1;

type RuleColumns = {
  dealbreakerNoSmokers: boolean;
  dealbreakerNoPets: boolean;
  dealbreakerBudgetCeiling: boolean;
  dealbreakerNoFrequentGuests: boolean;
};

/** The structured dealbreakers (issue 21, N150) are one 0/1 column each, on both engines. */
export const rulesFromColumns = (c: RuleColumns): DealbreakerRule[] => [
  ...(c.dealbreakerNoSmokers ? (['no_smokers'] as const) : []),
  ...(c.dealbreakerNoPets ? (['no_pets'] as const) : []),
  ...(c.dealbreakerBudgetCeiling ? (['budget_ceiling'] as const) : []),
  ...(c.dealbreakerNoFrequentGuests ? (['no_frequent_guests'] as const) : []),
];

export const columnsFromRules = (rules: readonly DealbreakerRule[]): RuleColumns => ({
  dealbreakerNoSmokers: rules.includes('no_smokers'),
  dealbreakerNoPets: rules.includes('no_pets'),
  dealbreakerBudgetCeiling: rules.includes('budget_ceiling'),
  dealbreakerNoFrequentGuests: rules.includes('no_frequent_guests'),
});

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Issue 21 (N151): nobody who breaks a structured dealbreaker of the viewer side, nor whose own
 * dealbreaker the viewer side breaks. Plain comparisons on the row the pool walk already holds (no
 * join, no subquery), fed by `poolDealbreakers` (core) through the @db* parameters.
 */
export const DEALBREAKERS_HOLD = `(@dbNoSmokers = 0 OR rp.smoking_tolerance IS NULL OR rp.smoking_tolerance NOT IN (${quoted(SMOKING_AT_HOME)}))
  AND (@dbNoPets = 0 OR p.pets IS NULL OR p.pets NOT IN (${quoted(PETS_AT_HOME)}))
  AND (@dbNoGuests = 0 OR rp.guest_policy IS NULL OR rp.guest_policy < ${FREQUENT_GUESTS_FROM})
  AND (rp.min_budget IS NULL OR rp.min_budget <= @dbCeiling)
  AND (rp.dealbreaker_no_smokers = 0 OR @dbSmokes = 0)
  AND (rp.dealbreaker_no_pets = 0 OR @dbHasPets = 0)
  AND (rp.dealbreaker_no_frequent_guests = 0 OR @dbGuests = 0)
  AND (rp.dealbreaker_budget_ceiling = 0 OR rp.max_budget IS NULL OR @dbMinBudget <= rp.max_budget)`;

/** The @db* parameters of DEALBREAKERS_HOLD. */
export const dealbreakerParams = (d: PoolDealbreakers) => ({
  dbNoSmokers: d.noSmokers,
  dbNoPets: d.noPets,
  dbNoGuests: d.noFrequentGuests,
  dbCeiling: d.ceiling,
  dbSmokes: d.smokes,
  dbHasPets: d.hasPets,
  dbGuests: d.frequentGuests,
  dbMinBudget: d.minBudget,
});

export type MatchDbRow = {
  user_id: string;
  matched_user_id: string;
  status: SwipeStatus;
  is_super_like: number;
  created_at: number;
  matched_at: number | null;
};

export const toSwipe = (r: MatchDbRow | undefined): SwipeRecord | null =>
  r
    ? {
        userId: r.user_id,
        targetId: r.matched_user_id,
        status: r.status,
        isSuperLike: r.is_super_like === 1,
        createdAt: new Date(r.created_at),
        matchedAt: r.matched_at === null ? null : new Date(r.matched_at),
      }
    : null;

/**
 * What a swipe decision reads, in one row (issue 18 §6): the daily like and super-like counts
 * (each an index range of matches_user_likes_idx, stopping past the largest daily limit), the
 * purchased super-like balance, and the swipe each way between the two students (e_* mine, r_*
 * theirs; null when absent). SQLite runs it as it is; PostgreSQL has it as the SQL function
 * nestmate_swipe_state (migration 0007), which its check-and-write function reads again under lock.
 */
export type SwipeStateRow = {
  likes: number;
  supers: number;
  balance: number | null;
  e_status: SwipeStatus | null;
  e_super: number | null;
  e_created: number | null;
  e_matched: number | null;
  r_status: SwipeStatus | null;
  r_super: number | null;
  r_created: number | null;
  r_matched: number | null;
};

/** What `toPerson` reads, besides the university: the profile's columns and the preferences'. */
const PERSON_COLUMNS = {
  profile: ['university', 'gender', 'pets'],
  preferences: [
    'cleanliness',
    'sleep_schedule',
    'noise_level',
    'study_habits',
    'guest_policy',
    'smoking_tolerance',
    'housing_status',
    'min_budget',
    'max_budget',
    'move_in_date',
    'gender_preference',
    'dealbreakers',
    'dealbreaker_no_smokers',
    'dealbreaker_no_pets',
    'dealbreaker_budget_ceiling',
    'dealbreaker_no_frequent_guests',
  ],
} as const;
const PERSON_KEYS = [...PERSON_COLUMNS.profile, ...PERSON_COLUMNS.preferences];
const personColumns = (p: string, rp: string, prefix: string) =>
  [
    ...PERSON_COLUMNS.profile.map((c) => `${p}.${c} AS ${prefix}${c}`),
    ...PERSON_COLUMNS.preferences.map((c) => `${rp}.${c} AS ${prefix}${c}`),
    `${rp}.user_id AS ${prefix}prefs`,
  ].join(', ');

/**
 * Everything a swipe reads before it decides (SwipeSides, issue 18, N203), in one statement: the
 * swiper's (@me) profile with the counts that make it complete, plan and search mode, and the target
 * (@target) only when SWIPEABLE by @me, with the preferences for the score.
 */
export const SWIPE_SIDES = `SELECT ${personColumns('v', 'vp', 'v_')}, v.completed_at AS v_completed_at,
    (SELECT count(*) FROM photos ph WHERE ph.user_id = v.id) AS v_photo_count,
    (SELECT count(*) FROM profile_prompts pp WHERE pp.profile_id = v.id) AS v_prompt_count,
    p.id AS t_id, ${personColumns('p', 'rp', 't_')},
    s.is_premium, s.tier, s.subscription_end, s.cancelled, gm.mode, gm.active_group_id
  FROM (SELECT 1 AS one) one
  LEFT JOIN profiles v ON v.id = @me
  LEFT JOIN roommate_preferences vp ON vp.user_id = v.id
  LEFT JOIN profiles p ON p.id = @target AND ${SWIPEABLE}
  LEFT JOIN roommate_preferences rp ON rp.user_id = p.id
  LEFT JOIN subscriptions s ON s.user_id = @me
  LEFT JOIN group_modes gm ON gm.user_id = @me`;

/** One side's person columns of a SWIPE_SIDES row, as `toPerson` reads them. */
function sideOf(row: Record<string, unknown>, prefix: string): ProfileRow {
  const out: Record<string, unknown> = {};
  for (const key of PERSON_KEYS) out[key] = row[prefix + key];
  return out as ProfileRow;
}

export type SubscriptionRow = {
  is_premium: number;
  tier: string | null;
  subscription_end: number | null;
  cancelled: number;
};

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  isPremium: r.is_premium === 1,
  tier: r.tier,
  subscriptionEnd: r.subscription_end === null ? null : new Date(r.subscription_end),
  cancelled: r.cancelled === 1,
});

/** A SWIPE_SIDES row as core's SwipeSides; `campusOf` names a university's campus. */
export function toSwipeSides(
  row: Record<string, unknown>,
  viewerId: string,
  campusOf: (university: string) => Campus,
): SwipeSides {
  const viewer =
    row.v_prefs == null
      ? null
      : {
          userId: viewerId,
          campus: campusOf(row.v_university as string),
          person: toPerson(sideOf(row, 'v_')),
          complete: row.v_completed_at !== null && Number(row.v_photo_count) >= 1 && Number(row.v_prompt_count) === 3,
        };
  const target =
    row.t_id == null
      ? null
      : {
          campus: campusOf(row.t_university as string),
          person: row.t_prefs == null ? null : toPerson(sideOf(row, 't_')),
        };
  return {
    viewer,
    target,
    subscription: row.is_premium == null ? null : toSubscription(row as SubscriptionRow),
    mode: {
      mode: (row.mode as SwipeSides['mode']['mode'] | null) ?? 'solo',
      activeGroupId: (row.active_group_id as string | null) ?? null,
    },
  };
}

export const SWIPE_STATE_SQLITE = `SELECT
    (SELECT count(*) FROM (SELECT 1 FROM matches WHERE user_id = @me AND is_super_like = 0 AND status <> 'passed'
       AND created_at > @since LIMIT 100)) AS likes,
    (SELECT count(*) FROM (SELECT 1 FROM matches WHERE user_id = @me AND is_super_like = 1 AND status <> 'passed'
       AND created_at > @since LIMIT 100)) AS supers,
    (SELECT b.super_likes FROM balances b WHERE b.user_id = @me) AS balance,
    e.status AS e_status, e.is_super_like AS e_super, e.created_at AS e_created, e.matched_at AS e_matched,
    r.status AS r_status, r.is_super_like AS r_super, r.created_at AS r_created, r.matched_at AS r_matched
  FROM (SELECT 1) one
  LEFT JOIN matches e ON e.user_id = @me AND e.matched_user_id = @target
  LEFT JOIN matches r ON r.user_id = @target AND r.matched_user_id = @me`;

const swipeOf = (
  userId: string,
  targetId: string,
  status: SwipeStatus | null,
  superLike: number | null,
  created: number | null,
  matched: number | null,
): SwipeRecord | null =>
  status === null
    ? null
    : {
        userId,
        targetId,
        status,
        isSuperLike: Number(superLike) === 1,
        createdAt: new Date(Number(created)),
        matchedAt: matched === null ? null : new Date(Number(matched)),
      };

export const toSwipeState = (me: string, target: string, r: SwipeStateRow): SwipeState => ({
  existing: swipeOf(me, target, r.e_status, r.e_super, r.e_created, r.e_matched),
  reverse: swipeOf(target, me, r.r_status, r.r_super, r.r_created, r.r_matched),
  likesInWindow: Number(r.likes),
  superLikesInWindow: Number(r.supers),
  superLikeBalance: Number(r.balance ?? 0),
});

/** A like received, with the group it was made for (issue 20). */
export const toLiker = (r: {
  user_id: string;
  created_at: number | string;
  is_super_like: number | string;
  group_id: string | null;
}) => ({
  userId: r.user_id,
  createdAt: new Date(Number(r.created_at)),
  isSuperLike: Number(r.is_super_like) === 1,
  groupId: r.group_id,
});
