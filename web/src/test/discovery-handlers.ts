/**
 * The discovery API of api/routes/discovery (deck, swipes, likes, matches, premium, boost),
 * backed by the in-memory db. Errors carry the same titles and details as the server's, from core.
 */
import { HttpResponse, http } from 'msw';
import { ENTITLEMENTS, type Plan } from '../../../core/billing/entitlements';
import { BOOST_MESSAGES } from '../../../core/likes/boosts';
import { LIKE_MESSAGES } from '../../../core/likes/rules';
import { compareStudents } from '../../../core/matching/comparison';
import type { MatchPerson } from '../../../core/matching/compatibility';
import { activeFilterCount, FILTER_MESSAGES } from '../../../core/matching/filters';
import type { Candidate, Comparison, DeckRequest, Endpoints } from '../lib/api-types';
import { db } from './db';

type Liker = {
  userId: string;
  name: string;
  bio: string;
  university: string;
  major: string;
  graduationYear: number | null;
  gender: string | null;
  profilePhotoUrl: string | null;
  galleryUrls: string[];
  prompt: null;
  createdAt: string;
  isSuperLike: boolean;
  compatibilityScore: number;
  badges: { schoolVerified: boolean; photoVerified: boolean };
};

export const problemOf = (status: number, code: string, title: string, detail: string) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title, status, detail, code },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const currentUserId = () => db.session.getAll()[0]?.userId ?? null;
const unauthenticated = () => problemOf(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
const planOf = (userId: string): Plan =>
  db.plan.findFirst({ where: { userId: { equals: userId } } })?.gold ? 'gold' : 'free';

let sequence = 0;

/** A deck candidate with everything a card shows; `likesYou` makes a like mutual. */
export function seedCandidate(overrides: Partial<Candidate> = {}, options: { likesYou?: boolean } = {}): Candidate {
  const n = ++sequence;
  const candidate: Candidate = {
    userId: `cand-${n}`,
    name: `Candidate ${n}`,
    bio: 'Early riser who keeps a tidy kitchen.',
    university: 'University of California, Los Angeles',
    major: 'Psychology',
    graduationYear: 2027,
    gender: 'Female',
    profilePhotoUrl: `/media/cand-${n}/1.webp`,
    galleryUrls: [`/media/cand-${n}/1.webp`],
    minBudget: 800,
    maxBudget: 1100,
    compatibilityScore: 87,
    reasons: ['Both early risers', 'Budgets overlap $800–$1,100'],
    superLikedYou: false,
    isBoosted: false,
    universityDistance: 0,
    isSameUniversity: true,
    isMetroArea: true,
    prompt: { promptText: 'My ideal Sunday', response: 'Farmers market, then a long run.' },
    badges: { schoolVerified: false, photoVerified: false },
    group: null,
    ...overrides,
  };
  db.candidate.create({
    userId: candidate.userId,
    data: JSON.stringify(candidate),
    likesYou: options.likesYou ?? false,
    position: n,
  });
  return candidate;
}

export function seedLiker(overrides: Partial<Liker> = {}): Liker {
  const n = ++sequence;
  const liker: Liker = {
    userId: `liker-${n}`,
    name: `Liker ${n}`,
    bio: 'Night owl, quiet on weeknights.',
    university: 'University of Southern California',
    major: 'Economics',
    graduationYear: 2026,
    gender: 'Male',
    profilePhotoUrl: `/media/liker-${n}/1.webp`,
    galleryUrls: [],
    prompt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    isSuperLike: false,
    compatibilityScore: 81,
    badges: { schoolVerified: false, photoVerified: false },
    ...overrides,
  };
  db.liker.create({ userId: liker.userId, data: JSON.stringify(liker) });
  return liker;
}

export function seedMatch(overrides: Partial<Liker> & { conversationId?: string } = {}) {
  const n = ++sequence;
  const match = {
    userId: `match-${n}`,
    name: `Match ${n}`,
    bio: 'Loves cooking for roommates.',
    university: 'University of California, Los Angeles',
    major: 'Biology',
    graduationYear: 2027,
    gender: 'Female',
    profilePhotoUrl: null,
    galleryUrls: [],
    prompt: null,
    matchedAt: '2026-03-01T10:00:00.000Z',
    compatibilityScore: 90,
    conversationId: `conv-${n}`,
    badges: { schoolVerified: false, photoVerified: false },
    ...overrides,
  };
  db.match.create({ userId: match.userId, data: JSON.stringify(match) });
  return match;
}

const person = (guestPolicy: number, sleepSchedule: number): MatchPerson => ({
  gender: 'Female',
  pets: 'no_pets',
  preferences: {
    cleanliness: 4,
    sleepSchedule,
    noiseLevel: 2,
    studyHabits: 4,
    guestPolicy,
    smokingTolerance: 'no_smoking',
    housingStatus: 'looking_to_join',
    minBudget: 800,
    maxBudget: 1100,
    moveInDate: '2027-08-20',
    genderPreference: [],
    dealbreakers: [],
  },
});

/**
 * Issue 21: the server's comparison for a fixed pair, in core's own words: both early risers, the
 * viewer has guests over often and they prefer none. Matched students name their conversation.
 */
export const sampleComparison = (conversationId: string | null): Comparison => ({
  ...compareStudents(person(4, 1), person(1, 2)),
  conversationId,
});

type MostCompatiblePick = NonNullable<Endpoints['GET /api/discover/most-compatible']['response']['pick']>;

/** Today's Most Compatible pick (issue 21); a swipe on them turns it to "answered", as on the server. */
export function seedMostCompatible(overrides: Partial<MostCompatiblePick> = {}): MostCompatiblePick {
  const n = ++sequence;
  const pick: MostCompatiblePick = {
    userId: `pick-${n}`,
    name: `Pick ${n}`,
    university: 'University of California, Los Angeles',
    major: 'Architecture',
    graduationYear: 2027,
    profilePhotoUrl: `/media/pick-${n}/1.webp`,
    compatibilityScore: 94,
    reasons: ['Both early risers', 'Both keep things very clean', 'Budgets overlap $800–$1,100'],
    isSameUniversity: true,
    universityDistance: 0,
    badges: { schoolVerified: true, photoVerified: false },
    ...overrides,
  };
  db.mostCompatible.create({ userId: pick.userId, data: JSON.stringify(pick) });
  return pick;
}

export const makeGold = (userId: string) => db.plan.create({ userId, gold: true });

/** The bodies the deck was requested with, oldest first. */
export const deckRequests = (): DeckRequest[] => db.deckRequest.getAll().map((r) => JSON.parse(r.body) as DeckRequest);

const superLikesUsed = (userId: string) =>
  db.swipe.count({ where: { userId: { equals: userId }, action: { equals: 'super_like' } } });

function boostStatus(userId: string) {
  const plan = planOf(userId);
  const row = db.boost.findFirst({ where: { userId: { equals: userId } } });
  const active = !!row?.activeUntil && new Date(row.activeUntil).getTime() > Date.now();
  const left = row ? row.left : ENTITLEMENTS[plan].monthlyBoosts;
  return {
    hasActiveBoost: active,
    boostEndTime: active ? (row?.activeUntil ?? null) : null,
    monthlyBoostsRemaining: left,
    purchasedBoostsRemaining: 0,
    totalBoostsRemaining: left,
  };
}

export const discoveryHandlers = [
  http.get('/api/discover/most-compatible', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const day = new Date().toISOString().slice(0, 10);
    const row = db.mostCompatible.getAll()[0];
    if (!row) return HttpResponse.json({ day, status: 'none', pick: null });
    const swiped = db.swipe.findFirst({ where: { userId: { equals: userId }, targetUserId: { equals: row.userId } } });
    if (swiped) return HttpResponse.json({ day, status: 'answered', pick: null });
    return HttpResponse.json({ day, status: 'pick', pick: JSON.parse(row.data) as MostCompatiblePick });
  }),

  http.post('/api/discover/deck', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const body = (await request.json()) as DeckRequest;
    db.deckRequest.create({ body: JSON.stringify(body) });
    const plan = planOf(userId);
    const hasFilters = Object.values(body.filters ?? {}).some((v) => v !== null && v !== undefined && v !== '');
    if (!ENTITLEMENTS[plan].advancedFilters && hasFilters) {
      return problemOf(403, 'PREMIUM.REQUIRED', FILTER_MESSAGES.premiumTitle, FILTER_MESSAGES.premium);
    }
    const swiped = new Set(db.swipe.findMany({ where: { userId: { equals: userId } } }).map((s) => s.targetUserId));
    const candidates = db.candidate
      .getAll()
      .sort((a, b) => a.position - b.position)
      .filter((c) => !swiped.has(c.userId))
      .map((c) => JSON.parse(c.data) as Candidate);
    return HttpResponse.json({
      candidates,
      searchRadius: body.searchRadius ?? ENTITLEMENTS[plan].defaultRadius,
      activeFilterCount: activeFilterCount(body, plan),
      plan,
    });
  }),

  http.post('/api/swipes', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const { targetUserId, action } = (await request.json()) as { targetUserId: string; action: string };
    const target = db.candidate.findFirst({ where: { userId: { equals: targetUserId } } });
    if (!target) return problemOf(404, 'LIKES.UNAVAILABLE', 'Not found', LIKE_MESSAGES.unavailable);
    if (db.swipe.findFirst({ where: { userId: { equals: userId }, targetUserId: { equals: targetUserId } } })) {
      return problemOf(409, 'LIKES.ALREADY_SWIPED', 'Conflict', LIKE_MESSAGES.already);
    }
    const plan = planOf(userId);
    if (action === 'super_like' && superLikesUsed(userId) >= ENTITLEMENTS[plan].dailySuperLikes) {
      return problemOf(
        429,
        'LIKES.NO_SUPER_LIKES',
        LIKE_MESSAGES.noSuperTitle,
        plan === 'gold' ? LIKE_MESSAGES.noSuperPremium : LIKE_MESSAGES.noSuperFree,
      );
    }
    db.swipe.create({ userId, targetUserId, action });
    const isMatch = action !== 'pass' && target.likesYou;
    const score = (JSON.parse(target.data) as Candidate).compatibilityScore;
    return HttpResponse.json({
      isMatch,
      conversationId: isMatch ? [userId, targetUserId].sort().join('_') : null,
      compatibilityScore: isMatch ? score : null,
      isGroupMatch: false,
    });
  }),

  http.get('/api/super-likes/status', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const dailyLimit = ENTITLEMENTS[planOf(userId)].dailySuperLikes;
    const used = Math.min(superLikesUsed(userId), dailyLimit);
    return HttpResponse.json({
      canUseSuperLike: used < dailyLimit,
      dailyLimit,
      dailyUsedCount: used,
      purchasedRemaining: 0,
    });
  }),

  http.get('/api/likes/received', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const likers = db.liker.getAll().map((l) => JSON.parse(l.data) as Liker);
    // D15: a free user gets the count and nothing that identifies anyone.
    if (!ENTITLEMENTS[planOf(userId)].seeWhoLikedYou) {
      return HttpResponse.json({ visible: false, count: likers.length, likers: [] });
    }
    return HttpResponse.json({ visible: true, count: likers.length, likers });
  }),

  http.post('/api/likes/:userId/like-back', ({ params }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    if (planOf(userId) !== 'gold') {
      return problemOf(403, 'PREMIUM.REQUIRED', FILTER_MESSAGES.premiumTitle, 'Upgrade to Gold to like back.');
    }
    const row = db.liker.findFirst({ where: { userId: { equals: String(params.userId) } } });
    if (!row) return problemOf(400, 'LIKES.NO_LIKE_TO_RETURN', 'Bad request', LIKE_MESSAGES.likeBackMissing);
    const liker = JSON.parse(row.data) as Liker;
    db.liker.delete({ where: { userId: { equals: liker.userId } } });
    const conversationId = [userId, liker.userId].sort().join('_');
    db.match.create({
      userId: liker.userId,
      data: JSON.stringify({ ...liker, matchedAt: '2026-03-01T12:00:00.000Z', conversationId }),
    });
    return HttpResponse.json({
      isMatch: true,
      conversationId,
      compatibilityScore: liker.compatibilityScore,
      isGroupMatch: false,
    });
  }),

  http.post('/api/likes/:userId/pass', ({ params }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    db.liker.delete({ where: { userId: { equals: String(params.userId) } } });
    return HttpResponse.json({ isMatch: false, conversationId: null, compatibilityScore: null, isGroupMatch: false });
  }),

  http.get('/api/profiles/:userId/comparison', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    const match = db.match
      .getAll()
      .map((m) => JSON.parse(m.data) as { userId: string; conversationId: string })
      .find((m) => m.userId === params.userId);
    return HttpResponse.json({ comparison: sampleComparison(match?.conversationId ?? null) });
  }),

  http.get('/api/matches', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    return HttpResponse.json({ matches: db.match.getAll().map((m) => JSON.parse(m.data)) });
  }),

  http.get('/api/premium/status', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const plan = planOf(userId);
    const gold = plan === 'gold';
    return HttpResponse.json({
      isPremium: gold,
      subscriptionTier: gold ? 'gold' : null,
      subscriptionEnd: gold ? '2026-04-01T00:00:00.000Z' : null,
      isExpired: false,
      daysUntilExpiry: gold ? 31 : null,
      subscriptionCancelled: false,
      entitlements: { ...ENTITLEMENTS[plan] },
    });
  }),

  http.get('/api/boost/status', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    return HttpResponse.json(boostStatus(userId));
  }),

  http.post('/api/boost', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const status = boostStatus(userId);
    if (status.hasActiveBoost) return problemOf(409, 'BOOST.ACTIVE', BOOST_MESSAGES.title, BOOST_MESSAGES.active);
    if (status.totalBoostsRemaining === 0) {
      return problemOf(409, 'BOOST.NONE_LEFT', BOOST_MESSAGES.title, BOOST_MESSAGES.noneLeft);
    }
    db.boost.delete({ where: { userId: { equals: userId } } });
    db.boost.create({
      userId,
      activeUntil: new Date(Date.now() + 30 * 60 * 1000).toISOString(),
      left: status.totalBoostsRemaining - 1,
    });
    return HttpResponse.json(boostStatus(userId));
  }),
];
