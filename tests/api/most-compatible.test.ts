/**
 * Most Compatible today (issue 21): GET /api/discover/most-compatible. Runs on SQLite by default and
 * on PostgreSQL (PGlite) with NESTMATE_TEST_DATABASE_URL=pglite:memory, like the rest of the API suite.
 */
import { DAY } from '../../core/shared/clock';
import { completeStudentProfile, DAVIS, quickStudent, USC } from '../support/students';
import { appsOn, GOOD_PASSWORD, type makeTestApp, signedInClient, TEST_ENGINES } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

async function actor(t: App, email: string, options = {}) {
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email, options);
  return { c, id };
}

const today = (a: { c: Awaited<ReturnType<typeof signedInClient>> }) => a.c.get('/api/discover/most-compatible');

/** Quiet early risers who keep things clean (the default student) and their opposite. */
const OPPOSITE = {
  cleanliness: 1,
  noiseLevel: 5,
  sleepSchedule: 5,
  smokingTolerance: 'smoking_ok',
  minBudget: 2500,
  maxBudget: 3000,
};

describe.each(TEST_ENGINES)('on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  describe('Most Compatible today', () => {
    it('shows the pick with photo, score and the top factors that agree; the pair is mutual', async () => {
      const t = makeTestApp();
      const me = await actor(t, 'me@ucla.edu');
      const twin = await actor(t, 'twin@ucla.edu');
      await quickStudent(t, 'opposite@ucla.edu', { preferences: OPPOSITE });
      await quickStudent(t, 'far@ucdavis.edu', { university: DAVIS });
      const res = await today(me);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ day: '2026-09-01', status: 'pick' });
      expect(res.json.pick).toMatchObject({
        userId: twin.id,
        name: 'twin',
        isSameUniversity: true,
        universityDistance: 0,
      });
      expect(res.json.pick.compatibilityScore).toBeGreaterThanOrEqual(90);
      expect(res.json.pick.reasons).toContain('Both early risers');
      expect(res.json.pick.profilePhotoUrl).toMatch(/^\/media\//);
      // An allow-list: nothing private on the card.
      expect(JSON.stringify(res.json)).not.toMatch(/@ucla\.edu|dealbreakers|financial|preferences/);
      // Mutual: the twin's pick is me.
      expect((await today(twin)).json.pick.userId).toBe(me.id);
    });

    it('never pairs students when one breaks the other’s structured dealbreaker, either way (N151)', async () => {
      const t = makeTestApp();
      const strict = await actor(t, 'strict@ucla.edu', { preferences: { dealbreakerRules: ['no_pets'] } });
      const owner = await actor(t, 'owner@ucla.edu', { pets: 'have_pets' });
      await quickStudent(t, 'other@ucla.edu', { preferences: { cleanliness: 2, noiseLevel: 4 } });
      // Same answers: without the rule they would be each other's pick; with it, neither is.
      const picks = [(await today(strict)).json, (await today(owner)).json];
      expect(picks.map((p) => p.status)).toEqual(expect.arrayContaining(['pick']));
      expect(picks[0].pick?.userId).not.toBe(owner.id);
      expect(picks[1].pick?.userId).not.toBe(strict.id);
    });

    it('leaves one student of an odd count without a pick', async () => {
      const t = makeTestApp();
      const students = [await actor(t, 'a@ucla.edu'), await actor(t, 'b@ucla.edu'), await actor(t, 'c@ucla.edu')];
      const answers = await Promise.all(students.map(async (s) => (await today(s)).json));
      expect(answers.filter((a) => a.status === 'none' && a.pick === null)).toHaveLength(1);
      const paired = answers.flatMap((a, i) => (a.pick ? [[students[i]?.id, a.pick.userId]] : []));
      expect(paired).toHaveLength(2);
      expect(paired[0]).toEqual([...(paired[1] as string[])].reverse());
    });

    it('reaches nearby campuses (the deck’s reach), never far ones', async () => {
      const t = makeTestApp();
      const me = await actor(t, 'near@ucla.edu');
      const metro = await quickStudent(t, 'metro@usc.edu', { university: USC });
      await quickStudent(t, 'far@ucdavis.edu', { university: DAVIS });
      const res = await today(me);
      expect(res.json.pick).toMatchObject({ userId: metro, isSameUniversity: false });
      expect(res.json.pick.universityDistance).toBeGreaterThan(5);
    });

    it('stays the same all day (stored once per campus and day) and is computed afresh the next day', async () => {
      const t = makeTestApp();
      const me = await actor(t, 'daily@ucla.edu');
      const first = await quickStudent(t, 'first@ucla.edu', { preferences: { cleanliness: 2, noiseLevel: 4 } });
      expect((await today(me)).json.pick.userId).toBe(first);
      // A better fit joins later today: today's pick does not change.
      const better = await quickStudent(t, 'better@ucla.edu');
      t.clock.advance(5 * 60 * 1000);
      expect((await today(me)).json).toMatchObject({ day: '2026-09-01', pick: { userId: first } });
      // Tomorrow's matching includes them (signed in again: the access token does not last a day).
      t.clock.advance(DAY);
      expect((await me.c.post('/api/auth/sign-in', { email: 'daily@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
        200,
      );
      expect((await today(me)).json).toMatchObject({ day: '2026-09-02', pick: { userId: better } });
    });

    it('never pairs students who blocked each other or already swiped each other', async () => {
      const t = makeTestApp();
      const me = await actor(t, 'apart@ucla.edu');
      const blocked = await actor(t, 'blocked@ucla.edu');
      const swiped = await actor(t, 'swiped@ucla.edu');
      const other = await quickStudent(t, 'other@ucla.edu', { preferences: { cleanliness: 1, noiseLevel: 5 } });
      expect((await blocked.c.post('/api/blocks', { blockedUserId: me.id })).status).toBe(201);
      expect((await swiped.c.post('/api/swipes', { targetUserId: me.id, action: 'pass' })).status).toBe(200);
      // The two best fits are kept apart from me: the less compatible student is my pick.
      expect((await today(me)).json.pick.userId).toBe(other);
    });

    it('hides the pick after a block either way, a suspension, or once you liked or passed them today', async () => {
      const t = makeTestApp();
      const me = await actor(t, 'reader@ucla.edu');
      const pick = await actor(t, 'pick@ucla.edu');
      expect((await today(me)).json.pick.userId).toBe(pick.id);

      expect((await pick.c.post('/api/blocks', { blockedUserId: me.id })).status).toBe(201);
      expect((await today(me)).json).toEqual({ day: '2026-09-01', status: 'none', pick: null });

      const t2 = makeTestApp();
      const me2 = await actor(t2, 'reader2@ucla.edu');
      const pick2 = await actor(t2, 'pick2@ucla.edu');
      expect((await today(me2)).json.pick.userId).toBe(pick2.id);
      await t2.db.admins.setUserStatus(pick2.id, 'suspended', t2.clock.now());
      expect((await today(me2)).json).toMatchObject({ status: 'none', pick: null });

      const t3 = makeTestApp();
      const me3 = await actor(t3, 'reader3@ucla.edu');
      const pick3 = await actor(t3, 'pick3@ucla.edu');
      expect((await today(me3)).json.pick.userId).toBe(pick3.id);
      expect((await me3.c.post('/api/swipes', { targetUserId: pick3.id, action: 'like' })).status).toBe(200);
      expect((await today(me3)).json).toMatchObject({ status: 'answered', pick: null });
      // Their side still shows me: they have not answered yet.
      expect((await today(pick3)).json).toMatchObject({ status: 'pick', pick: { userId: me3.id } });
    });

    it('answers 401 without a session and 404 before the profile is complete', async () => {
      const t = makeTestApp();
      const anonymous = await t.client().get('/api/discover/most-compatible');
      expect(anonymous.status).toBe(401);
      const half = await signedInClient(t, 'half@ucla.edu');
      const res = await half.get('/api/discover/most-compatible');
      expect(res.status).toBe(404);
      expect(res.json.title ?? res.json.detail).toBeTruthy();
    });
  });

  describe('Most Compatible today for students who join after the day’s run', () => {
    it('pairs a late joiner with a student still free, and leaves the day’s pairs as they were', async () => {
      const t = makeTestApp();
      const a = await actor(t, 'early-a@ucla.edu');
      const b = await actor(t, 'early-b@ucla.edu');
      expect((await today(a)).json.pick.userId).toBe(b.id);
      // C completes after the run: nobody is free yet.
      const c = await actor(t, 'late-c@ucla.edu');
      expect((await today(c)).json).toMatchObject({ status: 'none', pick: null });
      // D completes later still: paired with C, who now sees D; A and B keep each other.
      const d = await actor(t, 'late-d@ucla.edu');
      expect((await today(d)).json.pick.userId).toBe(c.id);
      expect((await today(c)).json.pick.userId).toBe(d.id);
      expect((await today(a)).json.pick.userId).toBe(b.id);
      expect((await today(b)).json.pick.userId).toBe(a.id);
    });

    it('pairs the odd one out of the run with a late joiner', async () => {
      const t = makeTestApp();
      const first = [
        await actor(t, 'odd-a@ucla.edu'),
        await actor(t, 'odd-b@ucla.edu'),
        await actor(t, 'odd-c@ucla.edu'),
      ];
      const answers = await Promise.all(first.map(async (s) => (await today(s)).json));
      const odd = first[answers.findIndex((x) => x.status === 'none')] as (typeof first)[number];
      const late = await actor(t, 'odd-late@ucla.edu');
      expect((await today(late)).json.pick.userId).toBe(odd.id);
      expect((await today(odd)).json.pick.userId).toBe(late.id);
    });
  });
});
