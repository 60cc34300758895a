/**
 * The repository contract (D3, style habit 13): every repository implementation behaves the same,
 * on SQLite and on PostgreSQL (the server from TEST_DATABASE_URL, or PGlite). The concurrency cases
 * are what the limits rest on when several API processes share one PostgreSQL (D4, issue 10).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../adapters/db/database';
import { isRejectedInput } from '../../adapters/db/errors';
import { handleError } from '../../api/errors';
import type { PaymentEvent } from '../../core/billing/fulfilment';
import { applyPaymentEvent } from '../../core/billing/payments';
import type { PaymentGateway } from '../../core/billing/ports';
import { decideSwipe, type SwipeDecision, type SwipeState } from '../../core/likes/rules';
import { NO_POOL_DEALBREAKERS, poolDealbreakers } from '../../core/matching/dealbreakers';
import type { NotificationInput, StoredNotification } from '../../core/notifications/model';
import type { Preferences } from '../../core/profiles/rules';

import type { Terms } from '../../core/roommate-agreements/model';
import { DomainError } from '../../core/shared/errors';
import { err, ok, type Result } from '../../core/shared/result';
import { PROMPTS } from '../../fixtures/prompts';
import { UNIVERSITIES } from '../../fixtures/universities';
import { engines, type OpenedDatabase, openEngine } from './support/databases';

const T0 = new Date('2026-09-01T12:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const UCLA = 'University of California, Los Angeles';
const limitReached = new DomainError('TEST.LIMIT', 'limit reached');

describe.each(engines())('repository contract on %s', (engine) => {
  let opened: OpenedDatabase;
  let db: Database;

  beforeAll(async () => {
    opened = await openEngine(engine);
    db = opened.db;
    await db.referenceData.upsert(UNIVERSITIES, PROMPTS);
  }, 120_000);
  afterAll(async () => {
    await opened?.drop();
  });

  async function user(status: 'active' | 'suspended' = 'active') {
    const id = randomUUID();
    const created = await db.users.create({
      id,
      email: `${id}@ucla.edu`,
      passwordHash: 'hash',
      emailConfirmedAt: T0,
      status,
      createdAt: T0,
    });
    expect(created).toBe(true);
    return id;
  }

  async function completeProfile(
    id: string,
    name = 'Jordan',
    university = UCLA,
    overrides: { preferences?: Partial<Preferences>; pets?: string } = {},
  ) {
    const prompts = PROMPTS.filter((p) => p.isActive).slice(0, 3);
    await db.profiles.save(
      id,
      {
        basics: {
          name,
          bio: 'Keeps the kitchen clean.',
          university,
          major: 'Physics',
          graduationYear: 2027,
          gender: 'Woman',
          genderSelfDescribe: null,
        },
        prompts: prompts.map((p) => ({ promptId: p.id, response: `About ${p.id}` })),
        preferences: {
          cleanliness: 4,
          noiseLevel: 2,
          sleepSchedule: 1,
          studyHabits: 5,
          guestPolicy: 3,
          smokingTolerance: 'no_smoking',
          housingStatus: 'looking_to_join',
          financialStatus: 'part-time',
          needsCosigner: 'no',
          moveIn: 'fall-2027',
          moveInDate: null,
          minBudget: 800,
          maxBudget: 1200,
          preferredNeighborhoods: ['Westwood'],
          dealbreakers: ['smoking indoors'],
          genderPreference: ['Open to all'],
          ...overrides.preferences,
        },
        lifestyle: {
          cookingFrequency: 'often',
          alcohol: 'never',
          pets: overrides.pets ?? 'none',
          hobbies: ['chess', 'climbing'],
        },
      },
      { complete: true },
      T0,
    );
    expect(await db.profiles.addPhoto(id, { id: randomUUID(), key: `${id}/a.webp` }, 6, T0)).toBe(true);
  }

  /** Likes up to `limit` per window, matching when the other side already liked (like core's rule). */
  const likeWithLimit =
    (userId: string, targetId: string, limit: number | null) =>
    (s: SwipeState): Result<SwipeDecision, DomainError> => {
      if (limit !== null && s.likesInWindow >= limit) return err(limitReached);
      const matched = s.reverse?.status === 'liked';
      return ok({
        record: {
          userId,
          targetId,
          status: matched ? 'matched' : 'liked',
          isSuperLike: false,
          createdAt: T0,
          matchedAt: matched ? T0 : null,
        },
        matchReverse: matched,
        spendPurchasedSuperLike: false,
        guard: { mutual: matched, likesBelow: limit, superLikesBelow: null, superLikesAtLeast: null },
      });
    };

  const like = (userId: string, targetId: string, limit: number | null = 50) =>
    db.swipes.swipe(
      { userId, targetId, action: 'like', now: T0, windowStart: later(-86_400_000), id: randomUUID(), score: 80 },
      likeWithLimit(userId, targetId, limit),
    );

  describe('accounts', () => {
    it('refuses a second account with the same e-mail as a value, not an error', async () => {
      const id = await user();
      const again = await db.users.create({
        id: randomUUID(),
        email: `${id}@ucla.edu`,
        passwordHash: 'x',
        emailConfirmedAt: null,
        status: 'active',
        createdAt: T0,
      });
      expect(again).toBe(false);
      expect((await db.users.findByEmail(`${id}@ucla.edu`))?.id).toBe(id);
      expect((await db.users.findById(id))?.createdAt).toEqual(T0);
    });

    it('consumes an e-mail token once, even when two requests race', async () => {
      const userId = await user();
      const id = randomUUID();
      await db.emailTokens.create({
        id,
        userId,
        purpose: 'confirm_email',
        tokenHash: `h-${id}`,
        expiresAt: later(3_600_000),
        usedAt: null,
      });
      expect((await db.emailTokens.findByHash(`h-${id}`))?.expiresAt).toEqual(later(3_600_000));
      const results = await Promise.all([db.emailTokens.consume(id, T0), db.emailTokens.consume(id, T0)]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('knows a session only while its refresh family is unrevoked, and describes the user', async () => {
      const userId = await user();
      const familyId = randomUUID();
      const id = randomUUID();
      await db.refreshTokens.create({
        id,
        userId,
        familyId,
        tokenHash: `r-${id}`,
        expiresAt: later(86_400_000),
        revokedAt: null,
      });
      expect(await db.users.sessionUser(userId, familyId)).toEqual({ id: userId, email: `${userId}@ucla.edu` });
      expect(await db.refreshTokens.revoke(id, T0)).toBe(true);
      expect(await db.refreshTokens.revoke(id, T0)).toBe(false);
      expect(await db.users.sessionUser(userId, familyId)).toBeNull();
      expect(await db.users.describe(userId)).toEqual({
        id: userId,
        email: `${userId}@ucla.edu`,
        hasAgreement: false,
        hasProfile: false,
        isAdmin: false,
        verifiedUniversity: null,
        schoolVerified: false,
        pendingEmail: null,
      });
    });

    it('describes in one query: agreement only with both Terms and Privacy, profile only when complete, admin only while active (issue 18)', async () => {
      expect(await db.users.describe(randomUUID())).toBeNull();
      const userId = await user();
      const flags = async () => {
        const me = await db.users.describe(userId);
        return { hasAgreement: me?.hasAgreement, hasProfile: me?.hasProfile, isAdmin: me?.isAdmin };
      };
      expect(await flags()).toEqual({ hasAgreement: false, hasProfile: false, isAdmin: false });
      const agreement = {
        userId,
        tosAccepted: true,
        tosAcceptedAt: T0,
        privacyAccepted: false,
        privacyAcceptedAt: null,
        marketingAccepted: false,
        marketingAcceptedAt: null,
        userAgent: 'UA',
        ipAddress: '203.0.113.9',
      };
      await db.agreements.save(agreement, T0);
      expect((await flags()).hasAgreement).toBe(false);
      await db.agreements.save({ ...agreement, privacyAccepted: true, privacyAcceptedAt: T0 }, later(1));
      await db.agreements.save({ ...agreement, privacyAccepted: true, privacyAcceptedAt: T0 }, later(2));
      expect(await flags()).toEqual({ hasAgreement: true, hasProfile: false, isAdmin: false });
      await completeProfile(userId);
      expect(await db.users.describe(userId)).toMatchObject({ hasProfile: true, schoolVerified: false });
      expect(await db.admins.setActive(`${userId}@ucla.edu`, true, T0)).toBe(true);
      expect(await flags()).toEqual({ hasAgreement: true, hasProfile: true, isAdmin: true });
      await db.admins.setActive(`${userId}@ucla.edu`, false, later(3));
      expect((await flags()).isAdmin).toBe(false);
    });

    it('records the derived school on confirmation, keeping the first confirmation time (issue 16)', async () => {
      const userId = await user();
      expect(await db.users.verifiedUniversity(userId)).toBeNull();
      await db.users.markEmailConfirmed(userId, 'University of California, Los Angeles', T0);
      await db.users.markEmailConfirmed(userId, 'University of California, Los Angeles', later(5_000));
      expect(await db.users.verifiedUniversity(userId)).toBe('University of California, Los Angeles');
      expect((await db.users.findById(userId))?.emailConfirmedAt).toEqual(T0);
      expect(await db.users.describe(userId)).toMatchObject({
        verifiedUniversity: 'University of California, Los Angeles',
        schoolVerified: false,
      });
      await db.users.markEmailConfirmed(userId, null, later(6_000));
      expect(await db.users.verifiedUniversity(userId)).toBeNull();
    });

    it('lists confirmed accounts without a school by id, for the backfill (N73)', async () => {
      // user() creates confirmed accounts, as before N59: no school recorded.
      const [a, b, c] = [await user(), await user(), await user()];
      const d = randomUUID();
      await db.users.create({
        id: d,
        email: `${d}@ucla.edu`,
        passwordHash: 'h',
        emailConfirmedAt: null,
        status: 'active',
        createdAt: T0,
      });
      await db.users.markEmailConfirmed(c, 'University of California, Los Angeles', T0);
      const mine = new Set<string>([a, b, c, d]);
      const without = [a, b].sort();
      const all = (await db.users.confirmedWithoutSchool('', 10_000)).filter((u) => mine.has(u.id));
      expect(all).toEqual(without.map((id) => ({ id, email: `${id}@ucla.edu` })));
      const rest = (await db.users.confirmedWithoutSchool(without[0] ?? '', 10_000)).map((u) => u.id);
      expect([rest.includes(without[0] ?? ''), rest.includes(without[1] ?? '')]).toEqual([false, true]);
    });

    it('swaps to the pending address, moves a profile at the old derived school, and refuses a taken one', async () => {
      const userId = await user();
      await completeProfile(userId, 'Jordan', UCLA);
      await db.users.markEmailConfirmed(userId, 'University of California, Los Angeles', T0);
      expect(await db.users.describe(userId)).toMatchObject({ schoolVerified: true, pendingEmail: null });
      const next = `${userId}@berkeley.edu`;
      await db.users.setPendingEmail(userId, next, T0);
      expect((await db.users.findById(userId))?.pendingEmail).toBe(next);
      expect(await db.users.describe(userId)).toMatchObject({ email: `${userId}@ucla.edu`, pendingEmail: next });
      expect(await db.users.confirmPendingEmail(userId, `other-${next}`, null, T0)).toBe('stale');
      expect(await db.users.confirmPendingEmail(userId, next, 'University of California, Berkeley', later(1_000))).toBe(
        'changed',
      );
      expect(await db.users.findByEmail(`${userId}@ucla.edu`)).toBeNull();
      expect((await db.users.findByEmail(next))?.id).toBe(userId);
      expect(await db.users.describe(userId)).toMatchObject({
        verifiedUniversity: 'University of California, Berkeley',
        schoolVerified: true,
        pendingEmail: null,
      });
      expect((await db.profiles.get(userId))?.basics?.university).toBe('University of California, Berkeley');
      // Used once: the pending address is gone.
      expect(await db.users.confirmPendingEmail(userId, next, null, T0)).toBe('stale');

      const other = await user();
      await db.users.setPendingEmail(userId, `${other}@ucla.edu`, T0);
      expect(await db.users.confirmPendingEmail(userId, `${other}@ucla.edu`, null, T0)).toBe('taken');
      expect((await db.users.findById(userId))?.pendingEmail).toBeNull();
      expect((await db.users.findById(userId))?.email).toBe(next);
    });

    it('leaves a profile the student placed elsewhere where it is when the address changes', async () => {
      const userId = await user();
      await completeProfile(userId, 'Jordan', 'Yale University');
      await db.users.markEmailConfirmed(userId, 'University of California, Los Angeles', T0);
      await db.users.setPendingEmail(userId, `${userId}@stanford.edu`, T0);
      expect(await db.users.confirmPendingEmail(userId, `${userId}@stanford.edu`, 'Stanford University', T0)).toBe(
        'changed',
      );
      expect((await db.profiles.get(userId))?.basics?.university).toBe('Yale University');
      expect(await db.users.describe(userId)).toMatchObject({ schoolVerified: false });
    });

    it('keeps every agreement row and reads the newest back (issue 17: the marketing switch)', async () => {
      const userId = await user();
      expect(await db.agreements.latest(userId)).toBeNull();
      const base = {
        userId,
        tosAccepted: true,
        tosAcceptedAt: T0,
        privacyAccepted: true,
        privacyAcceptedAt: T0,
        marketingAccepted: false,
        marketingAcceptedAt: null,
        userAgent: 'UA',
        ipAddress: '203.0.113.9',
      };
      await db.agreements.save(base, T0);
      await db.agreements.save({ ...base, marketingAccepted: true, marketingAcceptedAt: later(60_000) }, later(60_000));
      expect(await db.agreements.latest(userId)).toEqual({
        ...base,
        marketingAccepted: true,
        marketingAcceptedAt: later(60_000),
        createdAt: later(60_000),
      });
    });
  });

  describe('rate limits', () => {
    it('reserves exactly the limit when 12 reservations arrive at once, and says when one frees up', async () => {
      const key = `ip:${randomUUID()}`;
      const rule = { limit: 5, windowMs: 60_000 };
      const all = await Promise.all(Array.from({ length: 12 }, () => db.rateLimiter.reserve(key, rule, T0)));
      expect(all.filter((r) => r.allowed)).toHaveLength(5);
      const limited = await db.rateLimiter.reserve(key, rule, later(1_000));
      expect(limited).toEqual({ allowed: false, retryAfterSeconds: 59 });
      expect((await db.rateLimiter.reserve(key, rule, later(61_000))).allowed).toBe(true);
    });

    it('gives a released unit back to the next request, and only that one unit', async () => {
      const key = `ip:${randomUUID()}`;
      const rule = { limit: 3, windowMs: 60_000 };
      const taken = await Promise.all(Array.from({ length: 3 }, () => db.rateLimiter.reserve(key, rule, T0)));
      expect((await db.rateLimiter.reserve(key, rule, T0)).allowed).toBe(false);
      const first = taken[0];
      if (!first?.allowed) throw new Error('the first reservation was refused');
      await first.release();
      // Releasing twice must not hand out a second unit.
      await first.release();
      const again = await Promise.all(Array.from({ length: 4 }, () => db.rateLimiter.reserve(key, rule, T0)));
      expect(again.filter((r) => r.allowed)).toHaveLength(1);
    });
  });

  describe('profiles', () => {
    it('round-trips a profile with its lists, prompts and photos', async () => {
      const id = await user();
      await completeProfile(id, 'Avery');
      const p = await db.profiles.get(id);
      expect(p?.basics?.name).toBe('Avery');
      expect(p?.lifestyle.hobbies).toEqual(['chess', 'climbing']);
      expect(p?.preferences?.preferredNeighborhoods).toEqual(['Westwood']);
      expect(p?.prompts).toHaveLength(3);
      expect(p?.completedAt).toEqual(T0);
      expect(p?.photos.map((x) => x.position)).toEqual([0]);
      expect((await db.prompts.listActive()).length).toBeGreaterThan(3);
    });

    it('loses its bio and prompt answers, and nothing else, when an admin removes its flag (issue 15, N70)', async () => {
      const [id, other] = [await user(), await user()];
      await completeProfile(id, 'Avery');
      await completeProfile(other, 'Blake');
      const flagId = randomUUID();
      await db.contentFlags.add({
        id: flagId,
        contentType: 'profile',
        contentId: id,
        authorId: id,
        flag: { reason: 'off_platform', confidence: 0.8, matched: [] },
        at: T0,
      });
      expect(await db.admins.reviewFlag(flagId, 'removed', null, null, later(1))).toBe(true);
      const p = await db.profiles.get(id);
      expect([p?.basics?.bio, p?.prompts]).toEqual(['', []]);
      expect(p?.basics?.name).toBe('Avery');
      expect(p?.photos).toHaveLength(1);
      expect((await db.profiles.get(other))?.prompts).toHaveLength(3);
    });

    it('never stores more photos than the maximum when uploads race', async () => {
      const id = await user();
      const added = await Promise.all(
        Array.from({ length: 8 }, (_, i) => db.profiles.addPhoto(id, { id: randomUUID(), key: `${id}/${i}` }, 6, T0)),
      );
      expect(added.filter(Boolean)).toHaveLength(6);
      const photos = await db.profiles.listPhotos(id);
      expect(photos.map((p) => p.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await db.profiles.removePhoto(id, photos[0]!.id, 6, T0)).toBe('min');
      expect(await db.profiles.reorderPhotos(id, [...photos.map((p) => p.id)].reverse(), T0)).toBe(true);
      expect((await db.profiles.listPhotos(id))[0]?.id).toBe(photos[5]!.id);
    });
  });

  describe('discovery and swipes', () => {
    it('deals eligible students and hydrates their cards', async () => {
      const viewer = await user();
      const other = await user();
      const suspended = await user('suspended');
      await completeProfile(viewer);
      await completeProfile(other, 'Casey');
      await completeProfile(suspended);
      const me = await db.discovery.viewer(viewer);
      expect(me?.complete).toBe(true);
      expect(me?.campus.point).not.toBeNull();
      const pool = await db.discovery.candidatePool(viewer, {
        universities: [UCLA],
        limit: 500,
        exclude: [viewer],
        now: T0,
        dealbreakers: NO_POOL_DEALBREAKERS,
      } as Parameters<Database['discovery']['candidatePool']>[1]);
      const ids = pool.map((c) => c.userId);
      expect(ids).toContain(other);
      expect(ids).not.toContain(suspended);
      // The pool holds what scoring reads; a card's own fields are read for the cards dealt (N208).
      const [card] = await db.discovery.hydrate([other]);
      const first = PROMPTS.filter((p) => p.isActive)[0]!;
      expect(card).toEqual({
        userId: other,
        name: 'Casey',
        bio: 'Keeps the kitchen clean.',
        gender: 'Woman',
        photos: [`/media/${other}/a.webp`],
        prompt: { promptText: first.promptText, response: `About ${first.id}` },
        badges: { schoolVerified: false, photoVerified: false },
      });
      // A user without a profile has no card; no ids, no read.
      expect((await db.discovery.hydrate([randomUUID(), other])).map((c) => c.userId)).toEqual([other]);
      expect(await db.discovery.hydrate([])).toEqual([]);
      expect((await db.discovery.swipeSides(viewer, other)).target?.campus.name).toBe(UCLA);
      expect((await db.discovery.swipeSides(viewer, suspended)).target).toBeNull();
    });

    it("reads a swipe's sides in one read, as the separate reads give them; the target only when swipeable (N203)", async () => {
      const [me, other, bare, suspended] = [await user(), await user(), await user(), await user('suspended')];
      await completeProfile(me);
      await completeProfile(other, 'Casey', UCLA, { preferences: { cleanliness: 1, maxBudget: 900 }, pets: 'cat' });
      await completeProfile(suspended);
      const gold = {
        isPremium: true,
        tier: 'gold',
        subscriptionEnd: new Date(T0.getTime() + 86_400_000),
        cancelled: false,
      };
      await db.subscriptions.set(me, gold, T0);
      const groupId = randomUUID();
      await db.groups.create({ id: groupId, name: 'Westwood', description: null, creatorId: me, at: T0 });
      await db.groups.setMode(me, { mode: 'group', activeGroupId: groupId });
      const sides = await db.discovery.swipeSides(me, other);
      const them = await db.discovery.viewer(other);
      expect(sides.viewer).toEqual(await db.discovery.viewer(me));
      expect(sides.viewer?.complete).toBe(true);
      expect(sides.target).toEqual({ campus: them?.campus, person: them?.person });
      expect(sides.target?.person).not.toEqual(sides.viewer?.person);
      expect(sides.subscription).toEqual(gold);
      expect(sides.mode).toEqual({ mode: 'group', activeGroupId: groupId });
      // A student who has only signed up: no profile, no plan, solo.
      expect(await db.discovery.swipeSides(bare, other)).toEqual({
        viewer: null,
        target: sides.target,
        subscription: null,
        mode: { mode: 'solo', activeGroupId: null },
      });
      expect((await db.discovery.swipeSides(me, suspended)).target).toBeNull();
      expect((await db.discovery.swipeSides(me, bare)).target).toBeNull();
      expect((await db.discovery.swipeSides(me, randomUUID())).target).toBeNull();
      // Without a photo the swiper's profile is not complete.
      await db.profiles.removePhoto(me, (await db.profiles.listPhotos(me))[0]!.id, 0, T0);
      expect((await db.discovery.swipeSides(me, other)).viewer).toEqual({ ...sides.viewer, complete: false });
    });

    it("leaves out students who break either side's structured dealbreakers (issue 21, N151)", async () => {
      const [viewer, pets, pricey, strict, guestsRule, plain] = await Promise.all([
        user(),
        user(),
        user(),
        user(),
        user(),
        user(),
      ]);
      await Promise.all([
        // The viewer rules out pets and anyone whose minimum is above $1,200, and smokes at home.
        completeProfile(viewer, 'Viewer', UCLA, {
          preferences: { smokingTolerance: 'smoking_ok', dealbreakerRules: ['no_pets', 'budget_ceiling'] },
        }),
        completeProfile(pets, 'Pets', UCLA, { pets: 'have_pets' }),
        completeProfile(pricey, 'Pricey', UCLA, { preferences: { minBudget: 1500, maxBudget: 2000 } }),
        // Their own rule rules the viewer out: the viewer smokes.
        completeProfile(strict, 'Strict', UCLA, { preferences: { dealbreakerRules: ['no_smokers'] } }),
        // A rule the viewer does not break (guests 3 of 5).
        completeProfile(guestsRule, 'Guests', UCLA, { preferences: { dealbreakerRules: ['no_frequent_guests'] } }),
        completeProfile(plain, 'Plain'),
      ]);
      expect((await db.profiles.get(viewer))?.preferences?.dealbreakerRules).toEqual(['no_pets', 'budget_ceiling']);
      const poolOf = async (id: string) => {
        const me = await db.discovery.viewer(id);
        const d = poolDealbreakers([me!.person]);
        const pool = await db.discovery.candidatePool(id, {
          universities: [UCLA],
          limit: 500,
          exclude: [id],
          now: T0,
          verifiedOnly: false,
          dealbreakers: d,
        });
        return pool.map((c) => c.userId);
      };
      const seen = await poolOf(viewer);
      expect(seen).toEqual(expect.arrayContaining([guestsRule, plain]));
      for (const breaker of [pets, pricey, strict]) expect(seen).not.toContain(breaker);
      // Both ways: each of them is spared the viewer too.
      for (const other of [pets, pricey, strict]) expect(await poolOf(other)).not.toContain(viewer);
      expect(await poolOf(plain)).toContain(viewer);
      // Without rules in the query everyone is dealt (the check is the query's, not the data's).
      const unfiltered = await db.discovery.candidatePool(viewer, {
        universities: [UCLA],
        limit: 500,
        exclude: [viewer],
        now: T0,
        verifiedOnly: false,
        dealbreakers: NO_POOL_DEALBREAKERS,
      });
      expect(unfiltered.map((c) => c.userId)).toEqual(expect.arrayContaining([pets, pricey, plain]));

      // A save without rules keeps the saved ones; an empty list clears them.
      const saved = (await db.profiles.get(viewer))!;
      const again = { ...saved.preferences!, dealbreakerRules: undefined };
      const write = { basics: saved.basics!, prompts: saved.prompts, preferences: again };
      await db.profiles.save(viewer, write, { complete: true }, T0);
      expect((await db.profiles.get(viewer))?.preferences?.dealbreakerRules).toEqual(['no_pets', 'budget_ceiling']);
      await db.profiles.save(
        viewer,
        { ...write, preferences: { ...again, dealbreakerRules: [] } },
        { complete: true },
        T0,
      );
      expect((await db.profiles.get(viewer))?.preferences?.dealbreakerRules).toEqual([]);
      expect(await poolOf(viewer)).toEqual(expect.arrayContaining([pets, pricey, guestsRule, plain]));
    });

    it('hides a student from every read once a block stands either way, and shows them again after (issue 14)', async () => {
      const [a, b, far] = [await user(), await user(), await user()];
      await Promise.all([completeProfile(a), completeProfile(b, 'Casey')]);
      const visibleBoth = { ownerStatus: 'active', blockedEitherWay: false };
      expect(await db.profiles.visibility(a, b)).toEqual(visibleBoth);
      expect(await db.profiles.visibility(a, randomUUID())).toEqual({ ownerStatus: null, blockedEitherWay: false });
      await like(b, a);
      const blockId = randomUUID();
      await db.safety.block({ id: blockId, blockerId: a, blockedUserId: b, reason: null, at: T0 });
      for (const [me, other] of [
        [a, b],
        [b, a],
      ] as const) {
        expect(await db.profiles.visibility(me, other)).toEqual({ ownerStatus: 'active', blockedEitherWay: true });
        expect((await db.discovery.swipeSides(me, other)).target).toBeNull();
        expect(await db.discovery.cards(me, [other])).toEqual([]);
      }
      expect(await db.swipes.likers(a)).toEqual([]);
      expect(await db.safety.unblock(a, blockId)).toBe(true);
      expect(await db.profiles.visibility(b, a)).toEqual(visibleBoth);
      expect((await db.swipes.likers(a)).map((l) => l.userId)).toEqual([b]);
      // Without a photo there is no card in any deck, so no like either.
      await completeProfile(far);
      await db.profiles.removePhoto(far, (await db.profiles.listPhotos(far))[0]!.id, 0, T0);
      expect((await db.discovery.swipeSides(a, far)).target).toBeNull();
    });

    it('holds the daily like limit when ten likes arrive at once', async () => {
      const me = await user();
      const targets = await Promise.all(Array.from({ length: 10 }, () => user()));
      const results = await Promise.all(targets.map((t) => like(me, t, 3)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.error.code === 'TEST.LIMIT')).toHaveLength(7);
      const state = await db.swipes.superLikeState(me, later(-86_400_000));
      expect(state).toEqual({ superLikesInWindow: 0, superLikeBalance: 0 });
    });

    it('spends the daily super like, then the purchased ones, never below zero, when six arrive at once (D14, issue 18)', async () => {
      const me = await user();
      await db.billing.apply({
        eventId: `credit-${me}`,
        provider: 'test',
        kind: 'credit',
        subscriptionId: null,
        at: T0,
        decide: () => ({ subscription: null, balance: { userId: me, superLikes: 2, boosts: 0 }, ledger: null }),
        project: () => null,
        fromStored: () => null,
      });
      const targets = await Promise.all(Array.from({ length: 6 }, () => user()));
      const results = await Promise.all(
        targets.map((targetId) =>
          db.swipes.swipe(
            {
              userId: me,
              targetId,
              action: 'super_like',
              now: T0,
              windowStart: later(-86_400_000),
              id: randomUUID(),
              score: 70,
            },
            (state) => decideSwipe(state, { userId: me, targetId, action: 'super_like', plan: 'free', now: T0 }),
          ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.error.code === 'LIKES.NO_SUPER_LIKES')).toHaveLength(3);
      expect(await db.swipes.superLikeState(me, later(-86_400_000))).toEqual({
        superLikesInWindow: 3,
        superLikeBalance: 0,
      });
      // A pass and a like are not super likes and spend nothing.
      expect((await like(me, await user())).ok).toBe(true);
      expect(await db.swipes.superLikeState(me, later(-86_400_000))).toEqual({
        superLikesInWindow: 3,
        superLikeBalance: 0,
      });
    });

    it('lets ten unlimited likes of one member, and ten members liking one student, all land at once (N162)', async () => {
      const me = await user();
      const targets = await Promise.all(Array.from({ length: 10 }, () => user()));
      const unlimited = await Promise.all(targets.map((t) => like(me, t, null)));
      expect(unlimited.filter((r) => r.ok)).toHaveLength(10);
      const liked = targets[0] as string;
      const likers = await Promise.all(Array.from({ length: 10 }, () => user()));
      const results = await Promise.all(likers.map((u) => like(u, liked)));
      expect(results.filter((r) => r.ok && r.value.record.status === 'liked')).toHaveLength(10);
      expect((await db.swipes.likers(liked)).map((l) => l.userId).sort()).toEqual([me, ...likers].sort());
    });

    it("writes a like's notification with the like, once, and none for a match, a refusal or a pass (N187)", async () => {
      const [me, target, other] = [await user(), await user(), await user()];
      const noticed = (input: { userId: string; targetId: string; notice: string }, limit: number | null = 50) =>
        db.swipes.swipe(
          { ...input, action: 'like', now: T0, windowStart: later(-86_400_000), id: randomUUID(), score: 80 },
          likeWithLimit(input.userId, input.targetId, limit),
        );
      // Ten likes of one student at once: each stores exactly its own notice.
      const likers = await Promise.all(Array.from({ length: 10 }, () => user()));
      const notices = likers.map(() => randomUUID());
      const results = await Promise.all(
        likers.map((u, i) => noticed({ userId: u, targetId: target, notice: notices[i] as string })),
      );
      expect(results.every((r) => r.ok)).toBe(true);
      const stored = await db.notifications.list(target, { limit: 50 });
      expect(stored.map((n) => n.id).sort()).toEqual([...notices].sort());
      expect(stored.every((n) => n.kind === 'like' && n.readAt === null && n.count === 1)).toBe(true);
      expect(await db.notifications.get(target, notices[0] as string)).toMatchObject({ actorId: likers[0] });
      // The like back is a match: its notice is not written (the match has its own).
      const back = randomUUID();
      const matched = await noticed({ userId: target, targetId: likers[0] as string, notice: back });
      expect(matched.ok && matched.value.record.status).toBe('matched');
      expect(await db.notifications.get(likers[0] as string, back)).toBeNull();
      // A refused like writes neither the like nor its notice.
      const refusedNotice = randomUUID();
      const refused = await noticed({ userId: me, targetId: other, notice: refusedNotice }, 0);
      expect(refused.ok).toBe(false);
      expect(await db.notifications.list(other, { limit: 10 })).toEqual([]);
      // A like made into a group match drops its notice.
      const dropped = randomUUID();
      expect((await noticed({ userId: me, targetId: other, notice: dropped })).ok).toBe(true);
      expect(await db.notifications.get(other, dropped)).not.toBeNull();
      await db.swipes.dropNotice(other, dropped);
      expect(await db.notifications.get(other, dropped)).toBeNull();
    });

    it('still writes a swipe exactly once when its guard keeps failing, deciding at last under the locks (N162)', async () => {
      const me = await user();
      const target = await user();
      let calls = 0;
      const decide = likeWithLimit(me, target, 50);
      const result = await db.swipes.swipe(
        {
          userId: me,
          targetId: target,
          action: 'like',
          now: T0,
          windowStart: later(-86_400_000),
          id: randomUUID(),
          score: 80,
        },
        (state) => {
          calls++;
          const decision = decide(state);
          // The first four decisions claim a like back that is not there, so a guarded write refuses them.
          return calls <= 4 && decision.ok
            ? ok({ ...decision.value, guard: { ...decision.value.guard, mutual: true } })
            : decision;
        },
      );
      expect(result.ok && result.value.record.status).toBe('liked');
      expect((await db.swipes.get(me, target))?.status).toBe('liked');
      expect((await db.swipes.likers(target)).map((l) => l.userId)).toEqual([me]);
    });

    it('turns two likes sent at the same moment into exactly one match', async () => {
      const a = await user();
      const b = await user();
      await Promise.all([like(a, b), like(b, a)]);
      const ab = await db.swipes.get(a, b);
      const ba = await db.swipes.get(b, a);
      expect([ab?.status, ba?.status]).toEqual(['matched', 'matched']);
      expect((await db.swipes.matches(a)).map((m) => m.userId)).toEqual([b]);
    });
  });

  describe('deck positions (issue 18 §8, N156)', () => {
    it("walks a heavy swiper's campus from their deck position: the same students in the same order, holes, blocks, newcomers and movers included (issue 18 §8, N156)", async () => {
      const CAMPUS = 'Emory University';
      const viewer = await user();
      await completeProfile(viewer, 'Viewer', CAMPUS);
      // One at a time: the walk's order is the order students arrive on the campus.
      const students: string[] = [];
      for (let i = 0; i < 150; i++) {
        const id = await user();
        await completeProfile(id, `Student ${i}`, CAMPUS);
        students.push(id);
      }
      const poolOf = async (me: string, limit: number) =>
        (
          await db.discovery.candidatePool(me, {
            universities: [CAMPUS],
            limit,
            exclude: [me],
            now: T0,
            verifiedOnly: false,
            dealbreakers: NO_POOL_DEALBREAKERS,
          })
        ).map((c) => c.userId);
      expect(await poolOf(viewer, 500)).toEqual(students);

      // The viewer passes the first 120 but two, far more than a walk skips before it keeps a position.
      const pass = (target: string) =>
        db.swipes.swipe(
          {
            userId: viewer,
            targetId: target,
            action: 'pass',
            now: T0,
            windowStart: later(-86_400_000),
            id: randomUUID(),
            score: 50,
          },
          (state) => decideSwipe(state, { userId: viewer, targetId: target, action: 'pass', plan: 'free', now: T0 }),
        );
      const kept = new Set([5, 60]);
      for (let i = 0; i < 120; i++) if (!kept.has(i)) expect((await pass(students[i]!)).ok).toBe(true);
      const unswiped = () => students.filter((_, i) => i >= 120 || kept.has(i));
      // The first deck keeps a position past the 118 passes; the next ones start from it.
      for (let round = 0; round < 3; round++) {
        expect(await poolOf(viewer, 10)).toEqual(unswiped().slice(0, 10));
        expect(await poolOf(viewer, 500)).toEqual(unswiped());
      }
      // Another viewer on the campus is not affected by this one's position.
      const other = await user();
      await completeProfile(other, 'Other', CAMPUS);
      expect(await poolOf(other, 500)).toEqual([viewer, ...students]);

      // A student the position passed over unswiped (a hole) follows a block both ways, and comes back.
      const hole = students[5]!;
      const blockId = randomUUID();
      await db.safety.block({ id: blockId, blockerId: hole, blockedUserId: viewer, reason: null, at: T0 });
      expect(await poolOf(viewer, 500)).toEqual([...unswiped().filter((id) => id !== hole), other]);
      expect(await db.safety.unblock(hole, blockId)).toBe(true);
      expect(await poolOf(viewer, 500)).toEqual([...unswiped(), other]);

      // Passing a hole takes it out; passing more moves the position on with the holes it still has.
      expect((await pass(hole)).ok).toBe(true);
      kept.delete(5);
      for (let i = 120; i < 140; i++) expect((await pass(students[i]!)).ok).toBe(true);
      const after = students.filter((_, i) => i === 60 || i >= 140);
      expect(await poolOf(viewer, 5)).toEqual(after.slice(0, 5));
      expect(await poolOf(viewer, 500)).toEqual([...after, other]);

      // A newcomer, and a student who moves here from another campus, come after everyone already here,
      // even though the mover's account is older than the position.
      const moveTo = async (id: string, university: string) => {
        const saved = (await db.profiles.get(id))!;
        const basics = { ...saved.basics!, university };
        await db.profiles.save(
          id,
          { basics, prompts: saved.prompts, preferences: saved.preferences! },
          { complete: true },
          T0,
        );
      };
      const mover = await user();
      await completeProfile(mover, 'Mover', 'Georgia State University');
      const newcomer = await user();
      await completeProfile(newcomer, 'Newcomer', CAMPUS);
      await moveTo(mover, CAMPUS);
      expect(await poolOf(viewer, 500)).toEqual([...after, other, newcomer, mover]);
      // One who moves away leaves the campus's deck, and is dealt again when they come back, last.
      await moveTo(students[60]!, 'Georgia State University');
      expect(await poolOf(viewer, 500)).toEqual([...after.slice(1), other, newcomer, mover]);
      await moveTo(students[60]!, CAMPUS);
      expect(await poolOf(viewer, 500)).toEqual([...after.slice(1), other, newcomer, mover, students[60]]);
      // Passing everyone leaves an empty deck, and it stays exact as the position reaches the end.
      for (const id of [...after, other, newcomer, mover]) expect((await pass(id)).ok).toBe(true);
      expect(await poolOf(viewer, 500)).toEqual([]);
      expect(await poolOf(viewer, 500)).toEqual([]);
    }, 120_000);
  });

  describe('messaging', () => {
    async function conversation() {
      const a = await user();
      const b = await user();
      const [x, y] = [a, b].sort() as [string, string];
      const id = `${x}_${y}`;
      await db.conversations.ensure(id, x, y, T0);
      await db.conversations.ensure(id, x, y, T0);
      return { id, a, b };
    }
    const message = (conversationId: string, senderId: string, content: string, at = T0) => ({
      id: randomUUID(),
      conversationId,
      senderId,
      content,
      createdAt: at,
    });

    it('keeps the hourly message cap when twelve messages arrive at once', async () => {
      const { id, a, b } = await conversation();
      expect((await db.conversations.participants(id))?.sort()).toEqual([a, b].sort());
      const sent = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          db.conversations.send(message(id, a, `hello ${i}`), later(-3_600_000), (n) => n < 4),
        ),
      );
      expect(sent.filter((m) => m !== null)).toHaveLength(4);
      const seqs = sent.flatMap((m) => (m ? [m.seq] : []));
      expect(new Set(seqs).size).toBe(4);
      const stored = await db.conversations.messages(id, b, { limit: 50 });
      expect(stored.map((m) => m.seq)).toEqual([...seqs].sort((x, y) => x - y));
    });

    it('tells the cap when the oldest message in the window was sent, for Retry-After (issue 14)', async () => {
      const { id, a } = await conversation();
      const seen: [number, Date | null][] = [];
      const spy = (n: number, oldest: Date | null) => {
        seen.push([n, oldest]);
        return true;
      };
      await db.conversations.send(message(id, a, 'old', later(-7_200_000)), T0, () => true);
      await db.conversations.send(message(id, a, 'first', later(1000)), T0, spy);
      await db.conversations.send(message(id, a, 'second', later(2000)), T0, spy);
      expect(seen).toEqual([
        [0, null],
        [1, later(1000)],
      ]);
    });

    it('pages, counts unread, marks read and erases once both delete', async () => {
      const { id, a, b } = await conversation();
      for (let i = 0; i < 5; i++) await db.conversations.send(message(id, a, `m${i}`, later(i)), T0, () => true);
      const all = await db.conversations.messages(id, b, { limit: 50 });
      expect(all.map((m) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      const before = await db.conversations.messages(id, b, { before: all[3]!.seq, limit: 2 });
      expect(before.map((m) => m.content)).toEqual(['m1', 'm2']);
      const after = await db.conversations.messages(id, b, { after: all[3]!.seq, limit: 10 });
      expect(after.map((m) => m.content)).toEqual(['m4']);
      const [summary] = await db.conversations.list(b);
      expect(summary).toMatchObject({ id, otherUserId: a, unreadCount: 5, lastMessageText: 'm4' });
      expect(await db.conversations.markRead(id, b)).toBe(all[4]!.seq);
      expect((await db.conversations.list(b))[0]?.unreadCount).toBe(0);
      expect(await db.conversations.relationship(a, b)).toEqual({ matched: false, blocked: false, otherActive: true });
      await Promise.all([db.conversations.deleteFor(id, a), db.conversations.deleteFor(id, b)]);
      expect(await db.conversations.list(a)).toEqual([]);
      await db.conversations.send(message(id, b, 'again', later(10)), T0, () => true);
      expect((await db.conversations.messages(id, a, { limit: 50 })).map((m) => m.content)).toEqual(['again']);
    });

    it('lists a message with its pending automatic flag, and records a warned sender (issue 15)', async () => {
      const { id, a, b } = await conversation();
      const scam = await db.conversations.send(message(id, a, 'wire the deposit'), T0, () => true);
      const rude = await db.conversations.send(message(id, a, 'rude', later(1)), T0, () => true);
      await db.conversations.send(message(id, a, 'fine', later(2)), T0, () => true);
      const flag = (contentId: string, reason: 'rental_scam' | 'harassment', sentAfterWarning?: boolean) => ({
        id: randomUUID(),
        contentType: 'message' as const,
        contentId,
        authorId: a,
        flag: { reason, confidence: 0.9, matched: [] },
        sentAfterWarning,
        at: T0,
      });
      const scamFlag = flag(scam!.id, 'rental_scam');
      await db.contentFlags.add(scamFlag);
      await db.contentFlags.add(flag(rude!.id, 'harassment', true));
      const reasons = async () =>
        (await db.conversations.messages(id, b, { limit: 50 })).map((m) => m.flag?.reason ?? null);
      expect(await reasons()).toEqual(['rental_scam', 'harassment', null]);
      expect(
        (await db.conversations.messages(id, b, { before: 99_999_999, limit: 50 })).map((m) => m.flag?.reason ?? null),
      ).toEqual(['rental_scam', 'harassment', null]);
      expect((await db.admins.flag(scamFlag.id))?.flaggedBy).toBe('system');
      const flags = (await db.admins.flags('pending', 1000)).filter((f) => f.contentId === rude!.id);
      expect(flags.map((f) => f.flaggedBy)).toEqual(['system:sent-after-warning']);
      // An approved message warns no more.
      await db.admins.reviewFlag(scamFlag.id, 'approved', null, null, T0);
      expect(await reasons()).toEqual([null, 'harassment', null]);
    });

    it('shows a held message to its sender only until an admin approves it, then releases it (issue 15)', async () => {
      const { id, a, b } = await conversation();
      await db.conversations.send(message(id, a, 'hello'), T0, () => true);
      const held = await db.conversations.send(
        { ...message(id, a, 'held', later(1)), pendingReview: true },
        T0,
        () => true,
      );
      expect(held).toMatchObject({ content: 'held', pendingReview: true });
      const seen = async (viewer: string) =>
        (await db.conversations.messages(id, viewer, { limit: 50 })).map((m) => [m.content, m.pendingReview]);
      const history = async (viewer: string) =>
        (await db.conversations.messages(id, viewer, { before: 99_999_999, limit: 50 })).map((m) => m.content);
      expect(await seen(a)).toEqual([
        ['hello', false],
        ['held', true],
      ]);
      expect(await seen(b)).toEqual([['hello', false]]);
      expect(await history(b)).toEqual(['hello']);
      expect((await db.conversations.list(b))[0]).toMatchObject({ unreadCount: 1, lastMessageText: 'hello' });
      expect(await db.conversations.markRead(id, b)).toBe(
        (await db.conversations.messages(id, b, { limit: 1 }))[0]!.seq,
      );
      expect(await db.conversations.message(held!.id)).toMatchObject({ pendingReview: true });
      // The recipient's data export leaves it out too; the sender's has it.
      const exported = async (viewer: string) =>
        ((await db.privacy.collect(viewer)).messages as { content: string }[]).map((m) => m.content);
      expect(await exported(b)).toEqual(['hello']);
      expect(await exported(a)).toEqual(['hello', 'held']);

      const flagId = randomUUID();
      await db.contentFlags.add({
        id: flagId,
        contentType: 'message',
        contentId: held!.id,
        authorId: a,
        flag: { reason: 'phishing', confidence: 0.99, matched: [] },
        at: T0,
      });
      expect(await db.admins.reviewFlag(flagId, 'approved', null, null, later(5))).toBe(true);
      expect(await seen(b)).toEqual([
        ['hello', false],
        ['held', false],
      ]);
      expect((await db.conversations.list(b))[0]).toMatchObject({ unreadCount: 1, lastMessageText: 'held' });
      expect(await db.conversations.message(held!.id)).toMatchObject({ content: 'held', pendingReview: false });
    });

    it('keeps a removed held message from everyone, and an older release does not take the preview', async () => {
      const { id, a, b } = await conversation();
      const flagged = async (content: string, at: Date) => {
        const m = await db.conversations.send({ ...message(id, a, content, at), pendingReview: true }, T0, () => true);
        const flagId = randomUUID();
        await db.contentFlags.add({
          id: flagId,
          contentType: 'message',
          contentId: m!.id,
          authorId: a,
          flag: { reason: 'harassment', confidence: 0.99, matched: [] },
          at,
        });
        return flagId;
      };
      const removed = await flagged('removed', later(1));
      const approved = await flagged('approved', later(2));
      await db.conversations.send(message(id, a, 'latest', later(3)), T0, () => true);
      expect(await db.admins.reviewFlag(removed, 'removed', null, null, later(4))).toBe(true);
      expect(await db.admins.reviewFlag(approved, 'approved', null, null, later(4))).toBe(true);
      expect((await db.conversations.messages(id, b, { limit: 50 })).map((m) => m.content)).toEqual([
        'approved',
        'latest',
      ]);
      expect((await db.conversations.messages(id, a, { limit: 50 })).map((m) => m.content)).toEqual([
        'approved',
        'latest',
      ]);
      expect((await db.conversations.list(b))[0]).toMatchObject({ unreadCount: 2, lastMessageText: 'latest' });
    });
  });

  describe('billing', () => {
    it('applies a provider event once, even when it is delivered twice at once', async () => {
      const userId = await user();
      const apply = () =>
        db.billing.apply({
          eventId: `evt_${userId}`,
          provider: 'local',
          kind: 'checkout.session.completed',
          subscriptionId: null,
          at: T0,
          decide: () => ({
            subscription: null,
            balance: { userId, superLikes: 5, boosts: 1 },
            ledger: {
              userId,
              subscriptionId: null,
              kind: 'product',
              item: 'super_likes_5',
              amountCents: 499,
              eventId: `evt_${userId}`,
              at: T0,
            },
          }),
          project: () => null,
          fromStored: () => null,
        });
      const results = await Promise.all([apply(), apply(), apply()]);
      expect(results.sort()).toEqual(['applied', 'duplicate', 'duplicate']);
      expect(await db.swipes.superLikeState(userId, T0)).toEqual({ superLikesInWindow: 0, superLikeBalance: 5 });
      expect((await db.boosts.state(userId, T0, T0)).purchasedBalance).toBe(1);
    });

    it("ends a subscription's events in the in-order state whatever the order, even all at once", async () => {
      const gateway = { provider: 'stripe' } as PaymentGateway;
      const clock = { now: () => T0 };
      const day = (n: number) => later(n * 86_400_000);
      const life = (userId: string, sub: string): PaymentEvent[] => [
        {
          kind: 'checkout.completed',
          eventId: `${sub}_checkout`,
          userId,
          occurredAt: T0,
          amountCents: 1499,
          customerId: `cus_${sub}`,
          purchase: { type: 'subscription', plan: 'monthly', subscriptionId: sub, periodEnd: day(30) },
        },
        {
          kind: 'subscription.updated',
          eventId: `${sub}_cancelling`,
          occurredAt: day(4),
          subscriptionId: sub,
          customerId: `cus_${sub}`,
          userId: null,
          active: true,
          periodEnd: day(30),
          cancelAtPeriodEnd: true,
        },
        // The renewal names no owner: its ledger entry waits for the checkout to name one.
        {
          kind: 'invoice.paid',
          eventId: `${sub}_renewed`,
          occurredAt: day(30),
          subscriptionId: sub,
          periodEnd: day(60),
          amountCents: 1499,
        },
        {
          kind: 'subscription.deleted',
          eventId: `${sub}_deleted`,
          occurredAt: day(44),
          subscriptionId: sub,
          customerId: `cus_${sub}`,
          userId: null,
          active: false,
          periodEnd: null,
          cancelAtPeriodEnd: false,
        },
      ];
      const orders = [
        [3, 2, 1, 0],
        [0, 3, 1, 2],
        [2, 0, 3, 1],
        [1, 2, 0, 3],
      ];
      for (const order of orders) {
        const userId = await user();
        const events = life(userId, `sub_${randomUUID()}`);
        for (const i of order) await applyPaymentEvent({ billing: db.billing, gateway, clock }, events[i]!);
        expect(await db.billing.subscription(userId)).toMatchObject({
          isPremium: false,
          tier: 'gold_monthly',
          subscriptionEnd: day(44),
          cancelled: false,
        });
        const ledger = (await db.privacy.collect(userId)).payments as { kind: string }[];
        expect(ledger.map((l) => l.kind).sort()).toEqual(['renewal', 'subscription']);
      }
      // All four at once, and a live one (no deletion) likewise: the states still converge.
      const [ended, live] = [await user(), await user()];
      const endedLife = life(ended, `sub_${randomUUID()}`);
      const liveLife = life(live, `sub_${randomUUID()}`).slice(0, 3);
      const results = await Promise.all(
        [...endedLife, ...liveLife].map((e) => applyPaymentEvent({ billing: db.billing, gateway, clock }, e)),
      );
      expect(results.every((r) => r === 'applied')).toBe(true);
      expect(await db.billing.subscription(ended)).toMatchObject({ isPremium: false, subscriptionEnd: day(44) });
      expect(await db.billing.subscription(live)).toMatchObject({
        isPremium: true,
        tier: 'gold_monthly',
        subscriptionEnd: day(60),
        cancelled: true,
      });
    });

    it('upserts a subscription', async () => {
      const userId = await user();
      const sub = { isPremium: true, tier: 'gold', subscriptionEnd: later(86_400_000), cancelled: false };
      await db.subscriptions.set(userId, sub, T0);
      await db.subscriptions.set(userId, { ...sub, cancelled: true }, T0);
      expect(await db.subscriptions.get(userId)).toEqual({ ...sub, cancelled: true });
    });
  });

  describe('safety, admin and retention', () => {
    it('keeps one open report per reporter and person when six duplicates race (issue 14)', async () => {
      const reporter = await user();
      const target = await user();
      const report = (id: string) =>
        db.safety.report({
          id,
          reporterId: reporter,
          reportedUserId: target,
          category: 'scam',
          severity: 'critical',
          details: null,
          at: T0,
        });
      const filed = await Promise.all(Array.from({ length: 6 }, () => report(randomUUID())));
      expect(filed.filter(Boolean)).toHaveLength(1);
      const open = (await db.admins.recentReports(500)).filter((r) => r.reporterId === reporter);
      expect(open).toHaveLength(1);
      // Once the admins have dealt with it, a new report on the same person is filed again.
      expect(await db.admins.setReportStatus(open[0]?.id ?? '', 'reviewed')).toBe(true);
      expect(await report(randomUUID())).toBe(true);
    });

    it('blocks idempotently and keeps exactly one primary contact', async () => {
      const a = await user();
      const b = await user();
      const block = { id: randomUUID(), blockerId: a, blockedUserId: b, reason: null, at: T0 };
      await db.safety.block(block);
      await db.safety.block({ ...block, id: randomUUID() });
      const blocks = await db.safety.blocks(a);
      expect(blocks.map((x) => x.blockedUserId)).toEqual([b]);
      expect((await db.conversations.relationship(b, a)).blocked).toBe(true);
      const contact = (n: number) => ({
        id: randomUUID(),
        name: `Contact ${n}`,
        phone: '+1 310 555 0100',
        relationship: 'parent',
        createdAt: later(n),
        updatedAt: later(n),
      });
      const added = await Promise.all([1, 2, 3].map((n) => db.safety.addContact(a, contact(n))));
      expect(added.filter((c) => c.isPrimary)).toHaveLength(1);
      const primary = added.find((c) => c.isPrimary)!;
      expect(await db.safety.deleteContact(a, primary.id)).toBe(true);
      expect((await db.safety.contacts(a)).filter((c) => c.isPrimary)).toHaveLength(1);
      expect(await db.safety.unblock(b, blocks[0]!.id)).toBe(false);
      expect(await db.safety.unblock(a, blocks[0]!.id)).toBe(true);
    });

    it("counts an author's removals by review time and gathers their history (issue 15)", async () => {
      const author = await user();
      const reporter = await user();
      const flag = async (reviewedAt: Date | null, decision: 'approved' | 'removed' = 'removed') => {
        const id = randomUUID();
        await db.contentFlags.add({
          id,
          contentType: 'message',
          contentId: randomUUID(),
          authorId: author,
          flag: { reason: 'harassment', confidence: 0.91, matched: ['kys'] },
          at: T0,
        });
        if (reviewedAt) expect(await db.admins.reviewFlag(id, decision, null, 'note', reviewedAt)).toBe(true);
        return id;
      };
      const old = await flag(later(-31 * 86_400_000));
      await flag(later(-29 * 86_400_000));
      await flag(T0);
      await flag(T0, 'approved');
      const pending = await flag(null);
      expect(await db.admins.removedFlagsSince(author, later(-30 * 86_400_000))).toBe(2);
      expect(await db.admins.removedFlagsSince(author, later(-40 * 86_400_000))).toBe(3);
      expect(await db.admins.removedFlagsSince(reporter, later(-40 * 86_400_000))).toBe(0);

      await db.safety.report({
        id: randomUUID(),
        reporterId: reporter,
        reportedUserId: author,
        category: 'harassment',
        severity: 'high',
        details: null,
        at: T0,
      });
      await db.admins.audit({
        id: randomUUID(),
        adminId: null,
        action: 'user.suspend',
        targetType: 'user',
        targetId: author,
        details: { automatic: true, removals: 3 },
        at: later(1),
      });
      await db.admins.audit({
        id: randomUUID(),
        adminId: null,
        action: 'flag.removed',
        targetType: 'content_flag',
        targetId: old,
        details: {},
        at: T0,
      });
      const history = await db.admins.userHistory(author, 100);
      expect(history.flags).toHaveLength(5);
      expect(history.flags.find((f) => f.id === pending)).toMatchObject({ status: 'pending', confidenceScore: 0.91 });
      expect(history.reportsAgainst.map((r) => r.reporterId)).toEqual([reporter]);
      expect(history.reportsBy).toEqual([]);
      expect(history.decisions.map((d) => [d.action, d.targetId, d.details])).toEqual([
        ['user.suspend', author, { automatic: true, removals: 3 }],
        ['flag.removed', old, {}],
      ]);
      expect((await db.admins.userHistory(reporter, 100)).reportsBy.map((r) => r.reportedUserId)).toEqual([author]);
    });

    it('orders the pending queue worst first with its evidence, and counts reviewed auto-flags per day (issue 15)', async () => {
      const author = await user();
      const add = async (reason: string, confidence: number, minutes: number, matched: string[] = []) => {
        const id = randomUUID();
        await db.contentFlags.add({
          id,
          contentType: 'message',
          contentId: randomUUID(),
          authorId: author,
          flag: { reason: reason as 'harassment', confidence, matched },
          at: later(minutes * 60_000),
        });
        return id;
      };
      const offPlatform = await add('off_platform', 0.99, 3);
      const scamSure = await add('rental_scam', 0.95, 1, ['wire the deposit', 'x'.repeat(200)]);
      const scamUnsure = await add('rental_scam', 0.6, 2);
      const hate = await add('hate', 0.7, 0);
      const legacyExplicit = await add('explicit', 0.7, 4);
      const mine = (await db.admins.flags('pending', 10_000)).filter((f) => f.authorId === author);
      expect(mine.map((f) => f.id)).toEqual([hate, legacyExplicit, scamSure, scamUnsure, offPlatform]);
      // Evidence is kept short: each span at most 80 characters.
      expect(mine.find((f) => f.id === scamSure)).toMatchObject({
        evidence: ['wire the deposit', 'x'.repeat(80)],
        held: false,
      });
      expect(mine.find((f) => f.id === hate)?.evidence).toEqual([]);

      const reviewDay = later(3 * 86_400_000);
      expect(await db.admins.reviewFlag(hate, 'removed', null, null, reviewDay)).toBe(true);
      expect(await db.admins.reviewFlag(scamSure, 'removed', null, null, reviewDay)).toBe(true);
      expect(await db.admins.reviewFlag(scamUnsure, 'approved', null, null, reviewDay)).toBe(true);
      const outcomes = (await db.admins.autoFlagOutcomes(later(2 * 86_400_000)))
        .filter((r) => r.day === '2026-09-04')
        .sort((a, b) => a.reason.localeCompare(b.reason));
      expect(outcomes).toEqual([
        { day: '2026-09-04', reason: 'hate', upheld: 1, dismissed: 0 },
        { day: '2026-09-04', reason: 'rental_scam', upheld: 1, dismissed: 1 },
      ]);
      expect((await db.admins.autoFlagOutcomes(later(4 * 86_400_000))).some((r) => r.day === '2026-09-04')).toBe(false);
    });

    it('grants admins, counts per day and purges in a dry run without deleting', async () => {
      const id = await user();
      expect(await db.admins.setActive(`${id}@ucla.edu`, true, T0)).toBe(true);
      expect(await db.admins.setActive('nobody@ucla.edu', true, T0)).toBe(false);
      expect(await db.admins.isActiveAdmin(id)).toBe(true);
      const counts = await db.admins.dailyCounts(later(-86_400_000));
      expect(counts.signUps.find((d) => d.day === '2026-09-01')?.n).toBeGreaterThan(0);
      expect(counts.signUps.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.day))).toBe(true);
      expect((await db.admins.stats()).totalUsers).toBeGreaterThanOrEqual(0);
      const cutoff = later(365 * 86_400_000);
      const cutoffs = {
        messagesAfterLastMessage: cutoff,
        paymentRecords: later(-86_400_000),
        auditLogs: cutoff,
        securityLogs: cutoff,
        rateLimitHits: cutoff,
        spentTokens: cutoff,
        outboxMail: cutoff,
      } as Parameters<Database['retention']['purge']>[0];
      // A hit of its own, so the dry run has something to count whichever tests ran before.
      await db.rateLimiter.reserve(`ip:${randomUUID()}`, { limit: 5, windowMs: 60_000 }, T0);
      const dry = await db.retention.purge(cutoffs, cutoff, true);
      expect(dry.rate_limit_hits).toBeGreaterThan(0);
      expect((await db.retention.purge(cutoffs, cutoff, true)).rate_limit_hits).toBe(dry.rate_limit_hits);
    });
  });

  describe('input the engine refuses', () => {
    it('stores a NUL character on SQLite; PostgreSQL refuses it, and the API answers 400, not 500', async () => {
      const a = await user();
      const b = await user();
      const report = { id: randomUUID(), reporterId: a, reportedUserId: b, category: 'spam', severity: 'low', at: T0 };
      let refused: unknown = null;
      await db.safety.report({ ...report, details: 'before\u0000after' }).catch((e: unknown) => {
        refused = e;
      });
      if (engine === 'sqlite') {
        expect(refused).toBeNull();
        return;
      }
      expect(isRejectedInput(refused)).toBe(true);
      const app = new Hono();
      app.onError((e, c) => handleError(e, c, () => {}));
      app.get('/', () => {
        throw refused;
      });
      const res = await app.request('/');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION');
    });
  });

  describe('groups', () => {
    it('never lets concurrent joins take a group past its size', async () => {
      const creator = await user();
      const groupId = randomUUID();
      await db.groups.create({ id: groupId, name: 'Westwood four', description: null, creatorId: creator, at: T0 });
      const code = randomUUID().slice(0, 6).toUpperCase();
      expect(await db.groups.setInviteCode(groupId, code, later(86_400_000), T0)).toBe(true);
      const joiners = await Promise.all(Array.from({ length: 6 }, () => user()));
      const results = await Promise.all(
        joiners.map((userId) =>
          db.groups.joinByCode(code, (g) =>
            !g || g.members.length >= 4
              ? err(limitReached)
              : ok({ kind: 'add', member: { userId, role: 'member', joinedAt: T0 } }),
          ),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect((await db.groups.state(groupId))?.members).toHaveLength(4);
      const other = randomUUID();
      await db.groups.create({ id: other, name: 'Other', description: null, creatorId: creator, at: T0 });
      expect(await db.groups.setInviteCode(other, code, later(86_400_000), T0)).toBe(false);
    });

    it('shows a member blocked either way, or suspended, by name without a photo (issue 14)', async () => {
      const [a, b, c] = [await user(), await user(), await user()];
      await Promise.all([completeProfile(a, 'Avery'), completeProfile(b, 'Blake'), completeProfile(c, 'Cam')]);
      const groupId = randomUUID();
      await db.groups.create({ id: groupId, name: 'Westwood', description: null, creatorId: a, at: T0 });
      const code = randomUUID().slice(0, 6).toUpperCase();
      await db.groups.setInviteCode(groupId, code, later(86_400_000), T0);
      for (const userId of [b, c]) {
        await db.groups.joinByCode(code, () => ok({ kind: 'add', member: { userId, role: 'member', joinedAt: T0 } }));
      }
      await db.safety.block({ id: randomUUID(), blockerId: b, blockedUserId: a, reason: null, at: T0 });
      await db.admins.setUserStatus(c, 'suspended', T0);
      const photos = async (viewer: string) =>
        Object.fromEntries((await db.groups.groupsOf(viewer))[0]!.members.map((m) => [m.name, m.photoUrl]));
      expect(await photos(a)).toEqual({ Avery: `/media/${a}/a.webp`, Blake: null, Cam: null });
      expect(await photos(b)).toEqual({ Avery: null, Blake: `/media/${b}/a.webp`, Cam: null });
      expect(await photos(c)).toEqual({
        Avery: `/media/${a}/a.webp`,
        Blake: `/media/${b}/a.webp`,
        Cam: `/media/${c}/a.webp`,
      });
    });
  });

  describe('group calls (issue 20, N127)', () => {
    it('keeps one live call per conversation and never more than the maximum when joins race', async () => {
      const creator = await user();
      const groupId = randomUUID();
      await db.groups.create({ id: groupId, name: 'Call crew', description: null, creatorId: creator, at: T0 });
      const conversationId = `group-${groupId}`;
      // Two members start at the same moment: one call, the other is handed it.
      const starters = [creator, await user()];
      const started = await Promise.all(
        starters.map((callerId) =>
          db.groupCalls.start({ id: randomUUID(), conversationId, callerId, media: 'video', createdAt: T0 }),
        ),
      );
      expect(started.filter((s) => s.created)).toHaveLength(1);
      const call = started.find((s) => s.created)?.call;
      expect(started.map((s) => s.call.id)).toEqual([call?.id, call?.id]);
      if (!call) return;
      const joiners = await Promise.all(Array.from({ length: 6 }, () => user()));
      const joined = await Promise.all(joiners.map((u, i) => db.groupCalls.join(call.id, u, later(i + 1), 4)));
      expect(joined.filter((j) => j !== 'full' && j !== null)).toHaveLength(3);
      expect(joined.filter((j) => j === 'full')).toHaveLength(3);
      const live = await db.groupCalls.live(conversationId);
      expect(live?.participantIds).toHaveLength(4);
      expect(live?.participantIds[0]).toBe(call.callerId);
      const [, second, third, fourth] = live?.participantIds ?? [];
      expect((await db.groupCalls.callsOf(second as string)).map((c) => c.id)).toEqual([call.id]);
      // Leaving: null for someone not in it; the last one out ends the call.
      expect(await db.groupCalls.leave(call.id, randomUUID())).toBeNull();
      expect(await db.groupCalls.leave(call.id, call.callerId)).toEqual({
        remaining: [second, third, fourth],
        conversationId,
      });
      for (const u of [second, third]) await db.groupCalls.leave(call.id, u as string);
      expect(await db.groupCalls.leave(call.id, fourth as string)).toEqual({ remaining: [], conversationId });
      expect(await db.groupCalls.get(call.id)).toBeNull();
      expect(await db.groupCalls.join(call.id, creator, T0, 4)).toBeNull();
      // A new call may start once the old one ended; ending it names who was in it.
      const again = await db.groupCalls.start({
        id: randomUUID(),
        conversationId,
        callerId: creator,
        media: 'voice',
        createdAt: T0,
      });
      expect(again.created).toBe(true);
      expect(await db.groupCalls.end(again.call.id)).toEqual([creator]);
      expect(await db.groupCalls.live(conversationId)).toBeNull();
    });
  });

  describe('group matches (issue 20)', () => {
    it('finds reciprocal interest across a group and a student, keeps one match, follows membership and blocks', async () => {
      const [a, b, s, d] = [await user(), await user(), await user(), await user()];
      const groupId = randomUUID();
      await db.groups.create({ id: groupId, name: 'Westwood', description: null, creatorId: a, at: T0 });
      const code = randomUUID().slice(0, 6).toUpperCase();
      await db.groups.setInviteCode(groupId, code, later(86_400_000), T0);
      const join = (userId: string) =>
        db.groups.joinByCode(code, () => ok({ kind: 'add', member: { userId, role: 'member', joinedAt: T0 } }));
      await join(b);
      const since = later(-7 * 86_400_000);
      // Ana likes Sam for the group; Sam likes Ben (who never liked Sam) as himself.
      await db.swipes.swipe(
        { userId: a, targetId: s, action: 'like', now: T0, windowStart: since, id: randomUUID(), score: 80, groupId },
        likeWithLimit(a, s, 50),
      );
      expect((await db.swipes.likers(s))[0]).toMatchObject({ userId: a, groupId });
      expect(await db.groupMatches.pending({ likerId: a, targetId: s, likerGroupId: groupId, since })).toBeNull();
      await like(s, b);
      const sides = await db.groupMatches.pending({ likerId: s, targetId: b, likerGroupId: null, since });
      expect(sides).toEqual({ groupId, userId: s, otherGroupId: null });
      // Outside the window the group's like no longer counts.
      expect(
        await db.groupMatches.pending({ likerId: s, targetId: b, likerGroupId: null, since: later(1) }),
      ).toBeNull();
      if (!sides) return;
      const id = randomUUID();
      const conv = `gmatch-${id}`;
      const made = await db.groupMatches.create({ id, conversationId: conv, sides, at: T0 });
      expect(made?.sort()).toEqual([a, b, s].sort());
      expect(
        await db.groupMatches.create({ id: randomUUID(), conversationId: `gmatch-${randomUUID()}`, sides, at: T0 }),
      ).toBeNull();
      expect((await db.groupChats.audience(conv, s))?.memberIds.sort()).toEqual([a, b, s].sort());
      // Answered: the group's like leaves Sam's likers.
      expect(await db.swipes.likers(s)).toEqual([]);
      // Membership: a joiner is in from now on, a leaver is out, the group's deletion ends it.
      await join(d);
      expect((await db.groupChats.audience(conv, s))?.memberIds.sort()).toEqual([a, b, d, s].sort());
      await db.groups.changeMembers(groupId, () =>
        ok({ kind: 'remove', userId: b, promote: null, deleteGroup: false }),
      );
      expect((await db.groupChats.audience(conv, s))?.memberIds.sort()).toEqual([a, d, s].sort());
      expect((await db.groupChats.list(s)).map((g) => ({ id: g.id, kind: g.kind }))).toEqual([
        { id: conv, kind: 'match' },
      ]);
      // A block between the student and a member: hidden both ways, no new group match.
      await db.safety.block({ id: randomUUID(), blockerId: s, blockedUserId: d, reason: null, at: T0 });
      expect(await db.groupMatches.blockedWithGroup(groupId, s)).toBe(true);
      expect(await db.groupMatches.blockedAround(groupId)).toEqual([s]);
      expect((await db.groupMatches.groups(s, [groupId])).get(groupId)?.blocked).toBe(true);
      expect((await db.groupChats.audience(conv, s))?.blockedWith).toEqual([d]);
      await db.groups.delete(groupId);
      expect(await db.groupChats.audience(conv, s)).toBeNull();
      expect(await db.groupChats.list(s)).toEqual([]);
    });

    it('matches two groups once, whichever liked first', async () => {
      const [a, b, c, d] = [await user(), await user(), await user(), await user()];
      const [g1, g2] = [randomUUID(), randomUUID()];
      await db.groups.create({ id: g1, name: 'One', description: null, creatorId: a, at: T0 });
      await db.groups.create({ id: g2, name: 'Two', description: null, creatorId: c, at: T0 });
      for (const [g, member] of [
        [g1, b],
        [g2, d],
      ] as const) {
        const code = randomUUID().slice(0, 6).toUpperCase();
        await db.groups.setInviteCode(g, code, later(86_400_000), T0);
        await db.groups.joinByCode(code, () =>
          ok({ kind: 'add', member: { userId: member, role: 'member', joinedAt: T0 } }),
        );
      }
      const since = later(-7 * 86_400_000);
      const groupLike = (userId: string, targetId: string, groupId: string) =>
        db.swipes.swipe(
          { userId, targetId, action: 'like', now: T0, windowStart: since, id: randomUUID(), score: 80, groupId },
          likeWithLimit(userId, targetId, 50),
        );
      await groupLike(a, c, g1);
      await groupLike(d, b, g2);
      const [lo, hi] = g1 < g2 ? [g1, g2] : [g2, g1];
      const sides = await db.groupMatches.pending({ likerId: d, targetId: b, likerGroupId: g2, since });
      expect(sides).toEqual({ groupId: lo, userId: null, otherGroupId: hi });
      if (!sides) return;
      const id = randomUUID();
      expect((await db.groupMatches.create({ id, conversationId: `gmatch-${id}`, sides, at: T0 }))?.sort()).toEqual(
        [a, b, c, d].sort(),
      );
    });
  });

  describe('group chat (issue 20)', () => {
    it('keeps the chat to current members, from their join on; per-member reads; blocks and departures', async () => {
      const [a, b, c] = [await user(), await user(), await user()];
      await Promise.all([completeProfile(a, 'Avery'), completeProfile(b, 'Blake'), completeProfile(c, 'Cam')]);
      const groupId = randomUUID();
      const chat = `group-${groupId}`;
      await db.groups.create({ id: groupId, name: 'Westwood', description: null, creatorId: a, at: T0 });
      const code = randomUUID().slice(0, 6).toUpperCase();
      await db.groups.setInviteCode(groupId, code, later(86_400_000), T0);
      const join = (userId: string) =>
        db.groups.joinByCode(code, () => ok({ kind: 'add', member: { userId, role: 'member', joinedAt: T0 } }));
      const say = (senderId: string, content: string) =>
        db.conversations.send(
          { id: randomUUID(), conversationId: chat, senderId, content, createdAt: T0 },
          T0,
          () => true,
        );
      await join(b);
      const first = await say(a, 'before Cam');
      await join(c);
      const second = await say(b, 'after Cam');
      expect((await db.groupChats.audience(chat, a))?.memberIds.sort()).toEqual([a, b, c].sort());
      // Cam reads from their join on.
      expect((await db.conversations.messages(chat, c, { limit: 50 })).map((m) => m.content)).toEqual(['after Cam']);
      expect((await db.conversations.messages(chat, a, { limit: 50 })).map((m) => m.content)).toEqual([
        'before Cam',
        'after Cam',
      ]);
      // Per-member read positions and unread counts.
      const [cList] = await db.groupChats.list(c);
      expect(cList).toMatchObject({
        id: chat,
        groupId,
        name: 'Westwood',
        lastMessageText: 'after Cam',
        unreadCount: 1,
      });
      expect((await db.groupChats.list(a))[0]?.unreadCount).toBe(1);
      expect(await db.groupChats.markRead(chat, a)).toBe(second?.seq);
      expect(await db.groupChats.markRead(chat, a)).toBe(0);
      expect((await db.groupChats.list(a))[0]?.unreadCount).toBe(0);
      const reads = new Map((await db.groupChats.reads(chat)).map((r) => [r.userId, r.readSeq]));
      expect(reads.get(a)).toBe(second?.seq);
      expect(reads.get(b)).toBeLessThan(second?.seq ?? 0);
      expect(reads.get(c)).toBe(first?.seq);
      // A block either way is reported for the pair only.
      await db.safety.block({ id: randomUUID(), blockerId: c, blockedUserId: b, reason: null, at: T0 });
      expect((await db.groupChats.audience(chat, c))?.blockedWith).toEqual([b]);
      expect((await db.groupChats.audience(chat, b))?.blockedWith).toEqual([c]);
      expect((await db.groupChats.audience(chat, a))?.blockedWith).toEqual([]);
      expect((await db.groupChats.list(c))[0]).toMatchObject({ lastMessageText: null, unreadCount: 0 });
      // A departure takes them out in the same commit; the 1:1 list never shows the group chat.
      await db.groups.changeMembers(groupId, () =>
        ok({ kind: 'remove', userId: c, promote: null, deleteGroup: false }),
      );
      expect((await db.groupChats.audience(chat, a))?.memberIds.sort()).toEqual([a, b].sort());
      expect(await db.groupChats.list(c)).toEqual([]);
      expect(await db.conversations.messages(chat, c, { limit: 50 })).toEqual([]);
      expect((await db.groupChats.reads(chat)).map((r) => r.userId).sort()).toEqual([a, b].sort());
      expect(await db.conversations.list(a)).toEqual([]);
      // Deleting the group deletes its chat.
      await db.groups.delete(groupId);
      expect(await db.groupChats.audience(chat, a)).toBeNull();
      expect(await db.groupChats.list(a)).toEqual([]);
    });
  });

  describe('hidden words (issue 15)', () => {
    it('replaces a list atomically, leaves other users alone and goes with the account', async () => {
      const [a, b] = [await user(), await user()];
      await db.hiddenWords.replace(a, ['rent', '🍑'], T0);
      await db.hiddenWords.replace(b, ['rent'], T0);
      await db.hiddenWords.replace(a, ['deposit', 'rent'], later(1));
      expect((await db.hiddenWords.list(a)).sort()).toEqual(['deposit', 'rent']);
      expect(await db.hiddenWords.list(b)).toEqual(['rent']);
      // A save that fails half-way (a duplicate the core would have dropped) leaves the old list whole.
      await expect(db.hiddenWords.replace(a, ['new', 'dup', 'dup'], later(2))).rejects.toThrow();
      expect((await db.hiddenWords.list(a)).sort()).toEqual(['deposit', 'rent']);
      // Saves racing for one user end with one of the lists, never a mix or an error.
      const lists = [['x1', 'x2'], ['y1'], ['z1', 'z2', 'z3']];
      await Promise.all(lists.map((words, i) => db.hiddenWords.replace(a, words, later(10 + i))));
      expect(lists.map((l) => l.join())).toContain((await db.hiddenWords.list(a)).sort().join());
      expect((await db.privacy.collect(a)).hidden_words).toHaveLength((await db.hiddenWords.list(a)).length);
      await db.privacy.eraseAccount(a);
      expect(await db.hiddenWords.list(a)).toEqual([]);
      expect(await db.hiddenWords.list(b)).toEqual(['rent']);
    });
  });

  describe('most compatible today (issue 21)', () => {
    it('lists the campus roster, the pairs kept apart, and stores one run per campus and day', async () => {
      const a = await user();
      const b = await user();
      const c = await user();
      const suspended = await user('suspended');
      const elsewhere = await user();
      const half = await user();
      for (const id of [a, b, c, suspended]) await completeProfile(id);
      await completeProfile(elsewhere, 'Sam', 'University of Southern California');
      const roster = await db.mostCompatible.roster([UCLA]);
      const ids = roster.map((r) => r.userId);
      expect(ids).toEqual(expect.arrayContaining([a, b, c]));
      expect(ids).not.toContain(suspended);
      expect(ids).not.toContain(elsewhere);
      expect(ids).not.toContain(half);
      expect(roster.find((r) => r.userId === a)).toMatchObject({
        university: UCLA,
        person: { preferences: { cleanliness: 4, sleepSchedule: 1, dealbreakers: ['smoking indoors'] } },
      });

      await db.safety.block({ id: randomUUID(), blockerId: a, blockedUserId: b, reason: null, at: T0 });
      await like(c, a);
      const apart = (await db.mostCompatible.apartPairs([a, b, c])).map(([x, y]) => `${x}>${y}`).sort();
      expect(apart).toEqual([`${a}>${b}`, `${c}>${a}`].sort());
      expect(await db.mostCompatible.apartPairs([b, c])).toEqual([]);

      const campus = `test-${randomUUID()}`;
      const run = { day: '2026-09-01', campus, method: 'stable' as const, students: 3, computedAt: T0 };
      expect(await db.mostCompatible.hasRun('2026-09-01', campus)).toBe(false);
      const picks = [
        { userId: b, pickUserId: c, score: 88 },
        { userId: c, pickUserId: b, score: 88 },
        { userId: a, pickUserId: null, score: null },
      ];
      expect(await db.mostCompatible.saveRun(run, picks, '2026-09-01')).toBe(true);
      // Another process with the same run: stored already, nothing changes.
      expect(await db.mostCompatible.saveRun(run, [{ userId: b, pickUserId: a, score: 10 }], '2026-09-01')).toBe(false);
      expect(await db.mostCompatible.hasRun('2026-09-01', campus)).toBe(true);
      expect(await db.mostCompatible.pick('2026-09-01', b)).toEqual({ userId: b, pickUserId: c, score: 88 });
      expect(await db.mostCompatible.pick('2026-09-01', a)).toEqual({ userId: a, pickUserId: null, score: null });
      expect(await db.mostCompatible.pick('2026-09-02', b)).toBeNull();

      // The next days' runs drop what is older than their keepFrom.
      const concurrent = await Promise.all(
        [0, 1, 2].map(() =>
          db.mostCompatible.saveRun(
            { ...run, day: '2026-09-03' },
            [{ userId: b, pickUserId: null, score: null }],
            '2026-09-02',
          ),
        ),
      );
      expect(concurrent.filter(Boolean)).toHaveLength(1);
      expect(await db.mostCompatible.hasRun('2026-09-01', campus)).toBe(false);
      expect(await db.mostCompatible.pick('2026-09-01', b)).toBeNull();
      expect(await db.mostCompatible.pick('2026-09-03', b)).toEqual({ userId: b, pickUserId: null, score: null });
    });

    it('pairs late joiners atomically: a student free today is claimed once', async () => {
      const [late1, late2, free, paired] = [await user(), await user(), await user(), await user()];
      const campus = `test-${randomUUID()}`;
      const day = '2026-09-05';
      const run = { day, campus, method: 'stable' as const, students: 2, computedAt: T0 };
      await db.mostCompatible.saveRun(
        run,
        [
          { userId: free, pickUserId: null, score: null },
          { userId: paired, pickUserId: late2, score: 70 },
        ],
        day,
      );
      const states = await db.mostCompatible.pickStates(day, [free, paired, late1]);
      expect(Object.fromEntries(states)).toEqual({ [free]: null, [paired]: late2 });
      // Two late joiners race for the one free student: one gets them.
      const claims = await Promise.all(
        [late1, late2].map((id) =>
          db.mostCompatible.claimPair(day, { userId: id, campus }, { userId: free, campus }, 81),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims[0] ? late1 : late2;
      expect(await db.mostCompatible.pick(day, free)).toEqual({ userId: free, pickUserId: winner, score: 81 });
      expect(await db.mostCompatible.pick(day, winner)).toEqual({ userId: winner, pickUserId: free, score: 81 });
      // A student with a pick is never claimed; nobody today is stored as a row without a pick.
      expect(await db.mostCompatible.claimPair(day, { userId: late1, campus }, { userId: paired, campus }, 90)).toBe(
        false,
      );
      const loser = winner === late1 ? late2 : late1;
      expect(await db.mostCompatible.claimPair(day, { userId: loser, campus }, null, null)).toBe(true);
      expect(await db.mostCompatible.pick(day, loser)).toEqual({ userId: loser, pickUserId: null, score: null });
    });
  });

  describe('roommate agreements (issue 21)', () => {
    const terms = (temperature: string): Terms => ({
      quietHours: { from: '22:00', to: '07:00', notes: '' },
      guests: { daytime: '', overnight: '', maxOvernightPerWeek: 1 },
      cleaning: [],
      supplies: '',
      kitchen: '',
      smoking: 'no_smoking',
      pets: '',
      temperature,
      rent: { monthlyCents: 180_000, split: { method: 'equal', weights: [] } },
      bills: [],
      depositCents: 0,
      moveInDate: '2027-08-20',
      leaseTermMonths: 12,
      problems: '',
    });

    it('keeps versions, checks the current version atomically, locks on the last acceptance; ledger in cents', async () => {
      const [a, b] = [await user(), await user()];
      await completeProfile(a, 'Avery Stone');
      const [u1, u2] = [a, b].sort() as [string, string];
      const chat = `${u1}_${u2}`;
      await db.conversations.ensure(chat, u1, u2, T0);
      const id = randomUUID();
      const base = { id, conversationId: chat, createdBy: a, parties: [u1, u2], at: T0 };
      // Two starts at once make one agreement.
      const starts = await Promise.all([
        db.roommateAgreements.create({ ...base, terms: terms('70') }),
        db.roommateAgreements.create({ ...base, id: randomUUID(), terms: terms('71') }),
      ]);
      expect(starts.map((s) => s.created).sort()).toEqual([false, true]);
      expect(starts[0].agreement.id).toBe(starts[1].agreement.id);
      const agreementId = starts[0].agreement.id;
      expect(starts[0].agreement).toMatchObject({ currentVersion: 1, acceptedVersion: null, conversationId: chat });

      // Concurrent proposals on version 1: exactly one writes version 2.
      const proposals = await Promise.all(
        ['72', '73', '74'].map((t, i) =>
          db.roommateAgreements.propose({
            agreementId,
            baseVersion: 1,
            terms: terms(t),
            parties: [u1, u2],
            proposedBy: i % 2 ? a : b,
            at: later(i),
          }),
        ),
      );
      expect(proposals.filter(Boolean)).toHaveLength(1);
      const two = await db.roommateAgreements.byId(agreementId);
      expect(two?.currentVersion).toBe(2);
      expect(two?.versions.map((v) => v.version)).toEqual([1, 2]);
      expect(two?.versions[0]?.terms.temperature).toBe(
        starts.find((s) => s.created)?.agreement.versions[0]?.terms.temperature,
      );

      // A stale acceptance writes nothing; two last acceptances at once both count and lock it.
      expect(await db.roommateAgreements.accept({ agreementId, version: 1, userId: a, at: later(10) })).toBe('stale');
      const accepts = await Promise.all(
        [a, b].map((userId) => db.roommateAgreements.accept({ agreementId, version: 2, userId, at: later(11) })),
      );
      expect(accepts).toEqual(['ok', 'ok']);
      const locked = await db.roommateAgreements.byConversation(chat);
      expect(locked).toMatchObject({ acceptedVersion: 2, acceptedAt: later(11) });
      expect(locked?.versions[0]?.acceptances).toEqual([]);
      expect(locked?.versions[1]?.acceptances.map((x) => x.userId).sort()).toEqual([a, b].sort());
      // Accepting again is harmless.
      expect(await db.roommateAgreements.accept({ agreementId, version: 2, userId: a, at: later(12) })).toBe('ok');

      const expense = {
        id: randomUUID(),
        agreementId,
        kind: 'expense' as const,
        description: 'Groceries',
        amountCents: 8_001,
        paidBy: a,
        forUserIds: [a, b],
        createdBy: a,
        createdAt: later(20),
      };
      await db.roommateAgreements.addExpense(expense);
      await db.roommateAgreements.addExpense({
        ...expense,
        id: randomUUID(),
        kind: 'settlement',
        description: 'Settle up',
        amountCents: 4_000,
        paidBy: b,
        forUserIds: [a],
        createdBy: b,
        createdAt: later(21),
      });
      const ledger = await db.roommateAgreements.expenses(agreementId);
      expect(ledger[0]).toEqual(expense);
      expect(ledger.map((e) => [e.kind, e.amountCents])).toEqual([
        ['expense', 8_001],
        ['settlement', 4_000],
      ]);

      // The outcome loop (N148): one answer per user and checkpoint, even when sent twice at once.
      const outcome = {
        agreementId,
        userId: a,
        checkpointDays: 30 as const,
        rating: 4,
        whatWorks: 'Rota',
        whatDoesnt: '',
        didNotMoveIn: false,
        createdAt: later(30),
      };
      const stored = await Promise.all([
        db.roommateAgreements.addOutcome(outcome),
        db.roommateAgreements.addOutcome(outcome),
      ]);
      expect(stored.sort()).toEqual([false, true]);
      await db.roommateAgreements.addOutcome({ ...outcome, checkpointDays: 90, didNotMoveIn: true });
      expect(await db.roommateAgreements.answeredCheckIns(agreementId, a)).toEqual([30, 90]);
      expect(await db.roommateAgreements.answeredCheckIns(agreementId, b)).toEqual([]);
      const answers = (await db.roommateAgreements.allOutcomes()).filter((o) => o.agreementId === agreementId);
      expect(answers.map((o) => [o.checkpointDays, o.rating, o.didNotMoveIn])).toEqual([
        [30, 4, false],
        [90, 4, true],
      ]);
      expect(answers[0]?.parties.sort()).toEqual([a, b].sort());

      expect(await db.roommateAgreements.people([b, a])).toEqual(
        [
          { userId: a, name: 'Avery', active: true },
          { userId: b, name: 'Someone', active: true },
        ].sort((x, y) => (x.userId < y.userId ? -1 : 1)),
      );
      const prefs = await db.roommateAgreements.preferences([a, b]);
      expect(prefs.find((p) => p.userId === a)).toMatchObject({
        sleepSchedule: 1,
        noiseLevel: 2,
        smokingTolerance: 'no_smoking',
      });
      expect(prefs.find((p) => p.userId === b)).toMatchObject({ sleepSchedule: null, pets: null });
    });
  });

  describe('notifications (issue 19)', () => {
    const input = (userId: string, over: Partial<NotificationInput> = {}): NotificationInput => ({
      id: randomUUID(),
      userId,
      kind: 'like',
      actorId: null,
      subjectId: null,
      messageId: null,
      detail: null,
      at: T0,
      ...over,
    });

    it('lists live ones newest first by cursor, counts and marks read; others are untouched', async () => {
      const [me, other, liker] = [await user(), await user(), await user()];
      await completeProfile(liker, 'Robin');
      for (let i = 0; i < 5; i++) await db.notifications.add(input(me, { at: later(i), actorId: liker }));
      await db.notifications.add(input(other));
      const first = await db.notifications.list(me, { limit: 2 });
      expect(first.map((n) => n.createdAt)).toEqual([later(4), later(3)]);
      expect(first[0]).toMatchObject({ kind: 'like', actorName: 'Robin', count: 1, readAt: null });
      const last = first[1] as StoredNotification;
      const rest = await db.notifications.list(me, {
        before: { at: last.createdAt.getTime(), id: last.id },
        limit: 10,
      });
      expect(rest.map((n) => n.createdAt)).toEqual([later(2), later(1), later(0)]);
      expect(await db.notifications.unreadCount(me)).toBe(5);
      expect(await db.notifications.markRead(me, [last.id, (rest[0] as StoredNotification).id], later(10))).toBe(2);
      expect(await db.notifications.markRead(other, [last.id], later(10))).toBe(0);
      expect(await db.notifications.unreadCount(me)).toBe(3);
      expect(await db.notifications.markRead(me, null, later(11))).toBe(3);
      expect(await db.notifications.unreadCount(me)).toBe(0);
      expect(await db.notifications.unreadCount(other)).toBe(1);
      expect((await db.notifications.get(me, last.id))?.readAt).toEqual(later(10));
      expect(await db.notifications.get(other, last.id)).toBeNull();
    });

    it('hides what is no longer live: a block either way, a suspended actor, a removed or held message, an answered like', async () => {
      const [me, blocked, suspended, liker, sender] = [
        await user(),
        await user(),
        await user(),
        await user(),
        await user(),
      ];
      const [x, y] = [me, sender].sort() as [string, string];
      const conversationId = `${x}_${y}`;
      await db.conversations.ensure(conversationId, x, y, T0);
      const sent = await db.conversations.send(
        { id: randomUUID(), conversationId, senderId: sender, content: 'hi', createdAt: T0 },
        later(-3_600_000),
        () => true,
      );
      const held = await db.conversations.send(
        { id: randomUUID(), conversationId, senderId: sender, content: 'held', createdAt: T0, pendingReview: true },
        later(-3_600_000),
        () => true,
      );
      await db.notifications.add(input(me, { actorId: blocked }));
      await db.notifications.add(input(me, { actorId: suspended }));
      await db.notifications.add(input(me, { actorId: liker }));
      const msg = await db.notifications.add(
        input(me, { kind: 'message', actorId: sender, subjectId: conversationId, messageId: sent?.id ?? '' }),
      );
      await db.notifications.add(input(me, { kind: 'group.code', subjectId: 'g', messageId: held?.id ?? '' }));
      expect(await db.notifications.unreadCount(me)).toBe(4);
      await db.safety.block({ id: randomUUID(), blockerId: blocked, blockedUserId: me, reason: null, at: T0 });
      await db.admins.setUserStatus(suspended, 'suspended', T0, true);
      // Liked back: "someone liked you" is answered.
      await like(me, liker);
      expect((await db.notifications.list(me, { limit: 10 })).map((n) => n.id)).toEqual([msg.id]);
      expect(await db.notifications.unreadCount(me)).toBe(1);
      expect(await db.notifications.get(me, msg.id)).not.toBeNull();
    });

    it("joins a chat's unread messages into one item, also when they arrive at once, and reads them with the chat", async () => {
      const [me, sender] = [await user(), await user()];
      const conversationId = 'chat-1';
      const messageInput = (i: number) =>
        input(me, { kind: 'message', actorId: sender, subjectId: conversationId, messageId: null, at: later(i) });
      await Promise.all([1, 2, 3, 4, 5, 6].map((i) => db.notifications.add(messageInput(i))));
      const [one, ...none] = await db.notifications.list(me, { limit: 10 });
      expect(none).toEqual([]);
      expect(one?.count).toBe(6);
      expect(await db.notifications.markSubjectRead(me, ['message', 'match'], conversationId, later(10))).toBe(1);
      const next = await db.notifications.add(messageInput(11));
      expect(next.id).not.toBe(one?.id);
      expect(next.count).toBe(1);
      expect(await db.notifications.markSubjectRead(me, ['match'], conversationId, later(12))).toBe(0);
    });

    it('keeps preferences and push subscriptions per user; an endpoint moves, a dropped one goes', async () => {
      const [a, b] = [await user(), await user()];
      expect((await db.notificationPreferences.get(a)).quietStart).toBe(23 * 60);
      const prefs = {
        push: { matches: false, messages: true, likes: true, groups: false, account: true },
        quietStart: 22 * 60,
        quietEnd: 7 * 60 + 30,
        timeZone: 'America/Chicago',
        digest: 'daily' as const,
      };
      await db.notificationPreferences.save(a, prefs, T0);
      await db.notificationPreferences.save(a, { ...prefs, digest: 'off' }, later(1));
      expect(await db.notificationPreferences.get(a)).toEqual({ ...prefs, digest: 'off' });
      expect((await db.notificationPreferences.get(b)).digest).toBe('6h');
      const sub = (userId: string, endpoint: string) => ({
        id: randomUUID(),
        userId,
        endpoint,
        p256dh: 'k',
        auth: 'a',
      });
      await db.pushSubscriptions.save(sub(a, 'https://push.example/1'), T0);
      await db.pushSubscriptions.save(sub(a, 'https://push.example/2'), T0);
      // The same browser signed in as b now: the endpoint is b's.
      await db.pushSubscriptions.save(sub(b, 'https://push.example/2'), later(1));
      expect((await db.pushSubscriptions.list(a)).map((s) => s.endpoint)).toEqual(['https://push.example/1']);
      expect((await db.pushSubscriptions.list(b)).map((s) => s.endpoint)).toEqual(['https://push.example/2']);
      await db.pushSubscriptions.remove(b, 'https://push.example/1');
      expect(await db.pushSubscriptions.list(a)).toHaveLength(1);
      await db.pushSubscriptions.drop('https://push.example/1');
      expect(await db.pushSubscriptions.list(a)).toEqual([]);
      await db.privacy.eraseAccount(b);
      expect(await db.pushSubscriptions.list(b)).toEqual([]);
    });
  });

  describe('digest (issue 19)', () => {
    it('finds students with unread live messages or matches since their last digest, and lets one claim win', async () => {
      const [me, quiet, off, sender] = [await user(), await user(), await user(), await user()];
      await completeProfile(sender, 'Sam');
      const item = (userId: string, kind: 'message' | 'match' | 'like', at: Date) => ({
        id: randomUUID(),
        userId,
        kind,
        actorId: sender,
        subjectId: `chat-${userId}`,
        messageId: null,
        detail: null,
        at,
      });
      await db.notifications.add(item(me, 'message', T0));
      await db.notifications.add(item(quiet, 'like', T0));
      await db.notifications.add(item(off, 'match', T0));
      await db.notificationPreferences.save(off, { ...(await db.notificationPreferences.get(off)), digest: 'off' }, T0);
      await db.digests.touch(me, later(-60_000));
      const found = (await db.digests.candidates(100)).filter((c) => ([me, quiet, off] as string[]).includes(c.userId));
      expect(found).toEqual([
        { userId: me, email: `${me}@ucla.edu`, digest: '6h', lastActiveAt: later(-60_000), lastDigestAt: null },
      ]);
      expect(await db.digests.unreadSince(me, null)).toEqual([{ kind: 'message', count: 1, actorName: 'Sam' }]);
      // Ten processes at once: exactly one sends.
      const claims = await Promise.all(
        Array.from({ length: 10 }, () => db.digests.claim(me, later(1000), later(1000 - 86_400_000))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await db.digests.claim(me, later(2000), later(2000 - 86_400_000))).toBe(false);
      // Nothing newer than the digest: no longer a candidate; activity does not move the digest time.
      await db.digests.touch(me, later(3000));
      expect((await db.digests.candidates(100)).map((c) => c.userId)).not.toContain(me);
      await db.notifications.add(item(me, 'message', later(5000)));
      const again = (await db.digests.candidates(100)).find((c) => c.userId === me);
      expect(again).toMatchObject({ lastActiveAt: later(3000), lastDigestAt: later(1000) });
      // A day later the claim is open again, once.
      const dayLater = later(1000 + 86_400_000);
      const next = await Promise.all([1, 2, 3].map(() => db.digests.claim(me, dayLater, later(1000))));
      expect(next.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('photo verification (issue 16)', () => {
    const challenge = (userId: string, at: Date, id = randomUUID()) => ({
      id,
      userId,
      pose: 'thumbs-up',
      status: 'challenge' as const,
      challengeExpiresAt: new Date(at.getTime() + 600_000),
      selfieKey: null,
      mainPhotoId: null,
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt: null,
      createdAt: at,
    });
    const since = (at: Date) => new Date(at.getTime() - 86_400_000);

    it('reserves at most `max` tries under concurrent requests, sharing the open challenge', async () => {
      const a = await user();
      const burst = await Promise.all(
        Array.from({ length: 5 }, () => db.verifications.openChallenge(challenge(a, T0), 3, since(T0), T0)),
      );
      expect(burst.filter((o) => o.kind === 'created')).toHaveLength(1);
      expect(new Set(burst.map((o) => (o.kind === 'limit' ? null : o.record.id))).size).toBe(1);
      // Expired challenges still count: two more tries, then the limit, however many ask at once.
      const t1 = later(700_000);
      const t2 = later(1_400_000);
      expect((await db.verifications.openChallenge(challenge(a, t1), 3, since(t1), t1)).kind).toBe('created');
      const last = await Promise.all(
        Array.from({ length: 4 }, () => db.verifications.openChallenge(challenge(a, t2), 3, since(t2), t2)),
      );
      expect(last.filter((o) => o.kind === 'created')).toHaveLength(1);
      const t3 = later(2_100_000);
      const refused = await db.verifications.openChallenge(challenge(a, t3), 3, since(t3), t3);
      expect(refused).toEqual({ kind: 'limit', triesSince: [T0, t1, t2] });
    });

    it('claims a challenge once, records the main photo, and reviews it once', async () => {
      const a = await user();
      await completeProfile(a);
      const main = (await db.profiles.listPhotos(a))[0]!.id;
      const c = challenge(a, T0);
      await db.verifications.openChallenge(c, 3, since(T0), T0);
      // Not someone else's, not after it expired.
      expect(await db.verifications.submit(c.id, await user(), `selfie-${a}/1-x.webp`, later(1))).toBe(false);
      expect(await db.verifications.submit(c.id, a, `selfie-${a}/1-x.webp`, later(600_000))).toBe(false);
      const claims = await Promise.all([
        db.verifications.submit(c.id, a, `selfie-${a}/1-x.webp`, later(1)),
        db.verifications.submit(c.id, a, `selfie-${a}/1-y.webp`, later(1)),
      ]);
      expect(claims.sort()).toEqual([false, true]);
      const got = await db.verifications.get(c.id);
      expect(got).toMatchObject({
        status: 'pending',
        mainPhotoId: main,
        submittedAt: later(1),
        email: `${a}@ucla.edu`,
      });
      const [item] = (await db.verifications.queue(10)).filter((q) => q.userId === a);
      expect(item).toMatchObject({
        id: c.id,
        pose: 'thumbs-up',
        name: 'Jordan',
        photos: [{ id: main, key: `${a}/a.webp` }],
      });
      const reviews = await Promise.all([
        db.verifications.review(c.id, { status: 'approved', reason: null }, null, later(2)),
        db.verifications.review(c.id, { status: 'rejected', reason: 'face-not-visible' }, null, later(2)),
      ]);
      expect(reviews.sort()).toEqual([false, true]);
      const facts = await db.verifications.trustFacts(a, since(later(3)));
      expect(facts).toMatchObject({ emailConfirmed: true, mainPhotoId: main, triesSince: [T0] });
      const approved = (await db.verifications.get(c.id))!.status === 'approved';
      expect(facts!.verifiedPhotoId).toBe(approved ? main : null);
      expect(facts!.latest).toMatchObject({ status: approved ? 'approved' : 'rejected', reviewedAt: later(2) });
    });

    it('badges a verified student on every read and deals only them with Verified only (issue 16 §3)', async () => {
      const [viewer, verified, other] = [await user(), await user(), await user()];
      await Promise.all([completeProfile(viewer), completeProfile(verified, 'Vee'), completeProfile(other, 'Dee')]);
      const c = challenge(verified, T0);
      expect((await db.verifications.openChallenge(c, 3, since(T0), T0)).kind).toBe('created');
      expect(await db.verifications.submit(c.id, verified, `selfie-${verified}/s.webp`, T0)).toBe(true);
      expect(await db.verifications.review(c.id, { status: 'approved', reason: null }, null, T0)).toBe(true);

      // user() confirms a ucla.edu address without deriving a school: only the photo is verified here.
      const badge = { schoolVerified: false, photoVerified: true };
      expect(await db.profiles.badges(verified)).toEqual(badge);
      expect(await db.profiles.badges(other)).toEqual({ schoolVerified: false, photoVerified: false });
      const query = {
        universities: [UCLA],
        limit: 500,
        exclude: [viewer],
        now: T0,
        dealbreakers: NO_POOL_DEALBREAKERS,
      };
      const all = await db.discovery.candidatePool(viewer, { ...query, verifiedOnly: false });
      expect(all.map((x) => x.userId)).toEqual(expect.arrayContaining([verified, other]));
      const dealt = await db.discovery.hydrate(all.map((x) => x.userId));
      expect(dealt.find((x) => x.userId === verified)?.badges).toEqual(badge);
      expect(dealt.find((x) => x.userId === other)?.badges).toEqual({ schoolVerified: false, photoVerified: false });
      const only = await db.discovery.candidatePool(viewer, { ...query, verifiedOnly: true });
      expect(only.map((x) => x.userId)).toContain(verified);
      const onlyCards = await db.discovery.hydrate(only.map((x) => x.userId));
      expect(onlyCards.every((x) => x.badges.photoVerified)).toBe(true);
      expect((await db.discovery.cards(viewer, [verified]))[0]?.badges).toEqual(badge);

      // A new main photo suspends the photo badge with no write to the verification.
      const newMain = randomUUID();
      expect(await db.profiles.addPhoto(verified, { id: newMain, key: `${verified}/b.webp` }, 6, T0)).toBe(true);
      const ids = (await db.profiles.listPhotos(verified)).map((x) => x.id);
      expect(await db.profiles.reorderPhotos(verified, [newMain, ...ids.filter((x) => x !== newMain)], T0)).toBe(true);
      expect((await db.profiles.badges(verified)).photoVerified).toBe(false);
      const after = await db.discovery.candidatePool(viewer, { ...query, verifiedOnly: true });
      expect(after.map((x) => x.userId)).not.toContain(verified);
    });

    it('finds selfies past retention, forgets their keys, and goes with the account', async () => {
      const a = await user();
      await completeProfile(a);
      const c = challenge(a, T0);
      await db.verifications.openChallenge(c, 3, since(T0), T0);
      await db.verifications.submit(c.id, a, `selfie-${a}/1-r.webp`, later(1));
      expect(await db.verifications.selfieKeys(a)).toEqual([`selfie-${a}/1-r.webp`]);
      expect((await db.verifications.selfiesReviewedBefore(later(10))).some((s) => s.id === c.id)).toBe(false);
      await db.verifications.review(c.id, { status: 'rejected', reason: 'face-not-visible' }, null, later(2));
      expect(await db.verifications.selfiesReviewedBefore(later(10))).toContainEqual({
        id: c.id,
        key: `selfie-${a}/1-r.webp`,
      });
      expect((await db.privacy.collect(a)).photo_verifications).toHaveLength(1);
      await db.verifications.clearSelfie(c.id);
      expect(await db.verifications.selfieKeys(a)).toEqual([]);
      expect((await db.verifications.get(c.id))?.status).toBe('rejected');
      await db.privacy.eraseAccount(a);
      expect(await db.verifications.get(c.id)).toBeNull();
    });
  });
});
