/**
 * Issue 21 "Honest compatibility": the full comparison behind the profile dialog (every D12 factor,
 * both answers, Talk about this), under the profile view's visibility rule; structured dealbreakers
 * saved with the preferences, validated on the server, and kept out of the deck both ways.
 */
import { profileErrors } from '../../core/profiles/errors';
import { profileBody } from '../support/profiles';
import { completeStudentProfile, matchedPair, signedInStudent } from '../support/students';
import { appsOn, type makeTestApp, signedInClient, TEST_ENGINES, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

let n = 0;
async function student(t: App, options: Parameters<typeof completeStudentProfile>[3] = {}) {
  const email = `cmp${++n}@ucla.edu`;
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email, options);
  return { c, id };
}

const comparison = (c: TestClient, id: string) => c.get(`/api/profiles/${id}/comparison`);
type Factor = { key: string; status: string; mine: string | null; theirs: string | null; talkAbout: unknown };
const factorOf = (json: { comparison: { factors: Factor[] } }, key: string) =>
  json.comparison.factors.find((f) => f.key === key);

describe.each(TEST_ENGINES)('on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  describe('GET /api/profiles/{userId}/comparison (issue 21)', () => {
    it('shows every D12 factor with both answers, what agrees and what differs with a question', async () => {
      const t = makeTestApp();
      const a = await student(t, { preferences: { guestPolicy: 4, sleepSchedule: 1 } });
      const b = await student(t, { preferences: { guestPolicy: 1, sleepSchedule: 2 } });
      const res = await comparison(a.c, b.id);
      expect(res.status).toBe(200);
      expect(res.json.comparison.factors.map((f: Factor) => f.key)).toEqual([
        'cleanliness',
        'sleepSchedule',
        'noiseLevel',
        'studyHabits',
        'guestPolicy',
        'smoking',
        'budget',
        'moveIn',
        'housing',
        'gender',
        'dealbreakers',
      ]);
      expect(factorOf(res.json, 'sleepSchedule')).toMatchObject({
        status: 'agree',
        summary: 'Both early risers',
        mine: 'Early bird',
        theirs: 'Early-ish',
      });
      expect(factorOf(res.json, 'guestPolicy')).toEqual({
        key: 'guestPolicy',
        label: 'Guests',
        mine: 'Often',
        theirs: 'No guests',
        status: 'differ',
        summary: 'Different comfort with guests',
        talkAbout: {
          question: 'You have guests over often; they prefer no guests. How do you each see it?',
          message: 'I have guests over often; you prefer no guests. How do you see it?',
        },
      });
      // Not matched: nowhere to send a question yet.
      expect(res.json.comparison.conversationId).toBeNull();
      // The other way round, "you" is the other student.
      const back = await comparison(b.c, a.id);
      expect(factorOf(back.json, 'guestPolicy')).toMatchObject({ mine: 'No guests', theirs: 'Often' });
      expect(back.json.comparison.score).toBe(res.json.comparison.score);
    });

    it('names the conversation once the two are matched', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      expect(conversationId).toBeTruthy();
      expect((await comparison(a.c, b.id)).json.comparison.conversationId).toBe(conversationId);
      expect((await comparison(b.c, a.id)).json.comparison.conversationId).toBe(conversationId);
    });

    it('answers 404 like the profile does for a blocked (either way), suspended, deleted, incomplete or unknown student', async () => {
      const t = makeTestApp();
      const viewer = await student(t);
      const missing = await comparison(viewer.c, '00000000-0000-4000-8000-999999999999');
      expect(missing.status).toBe(404);
      const profile404 = await viewer.c.get('/api/profiles/00000000-0000-4000-8000-999999999999');
      expect({ ...missing.json, instance: undefined }).toEqual({ ...profile404.json, instance: undefined });
      expect(missing.json.detail).toBe(profileErrors.notFound().message);

      const blocked = await student(t);
      expect((await viewer.c.post('/api/blocks', { blockedUserId: blocked.id })).status).toBe(201);
      expect((await comparison(viewer.c, blocked.id)).status).toBe(404);
      expect((await comparison(blocked.c, viewer.id)).status).toBe(404);

      // Suspended by an admin; deleted by the student's own deletion request (it hides them at once).
      const hide = {
        suspended: async (o: { id: string }) => t.db.admins.setUserStatus(o.id, 'suspended', t.clock.now()),
        deleted: async (o: { c: TestClient }) => {
          expect((await o.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
        },
      };
      for (const how of ['suspended', 'deleted'] as const) {
        const other = await student(t);
        expect((await comparison(viewer.c, other.id)).status).toBe(200);
        await hide[how](other);
        const res = await comparison(viewer.c, other.id);
        expect(res.status).toBe(404);
        expect({ ...res.json, instance: undefined }).toEqual({ ...missing.json, instance: undefined });
        expect((await viewer.c.get(`/api/profiles/${other.id}`)).status).toBe(404);
      }

      const incomplete = await student(t, { complete: false });
      expect((await comparison(viewer.c, incomplete.id)).status).toBe(404);
    });

    it('refuses comparing with yourself (400), too long an id (400) and anyone signed out (401)', async () => {
      const t = makeTestApp();
      const a = await student(t);
      const self = await comparison(a.c, a.id);
      expect(self.status).toBe(400);
      expect(self.json.detail ?? self.json.title).toMatch(/another student/);
      expect((await comparison(a.c, 'x'.repeat(101))).status).toBe(400);
      expect((await t.client().get(`/api/profiles/${a.id}/comparison`)).status).toBe(401);
    });
  });

  describe('structured dealbreakers (issue 21, N150, N151)', () => {
    it('are saved with the preferences, read back, and kept when a save leaves them out', async () => {
      const t = makeTestApp();
      const { c } = await signedInStudent(t, 'rules@ucla.edu');
      const body = profileBody();
      const put = await c.put('/api/profile', {
        ...body,
        preferences: { ...body.preferences, dealbreakerRules: ['no_smokers', 'budget_ceiling'] },
      });
      expect(put.status).toBe(200);
      expect(put.json.profile.preferences.dealbreakerRules).toEqual(['no_smokers', 'budget_ceiling']);
      expect((await c.put('/api/profile', body)).status).toBe(200);
      expect((await c.get('/api/profile')).json.profile.preferences.dealbreakerRules).toEqual([
        'no_smokers',
        'budget_ceiling',
      ]);
    });

    it('bad rules answer 400 with the field named, and change nothing', async () => {
      const t = makeTestApp();
      const { c } = await signedInStudent(t, 'bad@ucla.edu');
      const body = profileBody();
      const saved = await c.put('/api/profile', {
        ...body,
        preferences: { ...body.preferences, dealbreakerRules: ['no_pets'] },
      });
      expect(saved.status).toBe(200);
      const before = (await c.get('/api/profile')).json.profile;
      for (const [rules, maxBudget, message] of [
        [['no_cats'], 1200, 'Please choose one of the listed options.'],
        [['budget_ceiling'], null, 'Set a maximum budget to make it a dealbreaker.'],
        ['no_pets', 1200, null],
        [Array.from({ length: 11 }, () => 'no_pets'), 1200, null],
      ] as const) {
        const res = await c.put('/api/profile', {
          ...body,
          basics: { ...body.basics, bio: 'Changed bio that must not be saved' },
          preferences: { ...body.preferences, maxBudget, dealbreakerRules: rules },
        });
        expect(res.status).toBe(400);
        if (message) {
          expect(res.json.errors).toContainEqual({ path: 'preferences.dealbreakerRules', message });
        }
      }
      expect((await c.get('/api/profile')).json.profile).toEqual(before);
    });

    it('the deck leaves out students who break either side’s dealbreaker', async () => {
      const t = makeTestApp();
      const viewer = await student(t, {
        preferences: {
          smokingTolerance: 'smoking_ok',
          maxBudget: 1200,
          dealbreakerRules: ['no_pets', 'budget_ceiling'],
        },
      });
      const petOwner = await student(t, { pets: 'have_pets' });
      const pricey = await student(t, { preferences: { minBudget: 1500, maxBudget: 2000 } });
      const strict = await student(t, { preferences: { dealbreakerRules: ['no_smokers'] } });
      const fine = await student(t, { preferences: { dealbreakerRules: ['no_frequent_guests'] } });
      const deck = async (c: TestClient) => {
        const res = await c.post('/api/discover/deck', {});
        expect(res.status).toBe(200);
        return res.json.candidates.map((x: { userId: string }) => x.userId) as string[];
      };
      const seen = await deck(viewer.c);
      expect(seen).toContain(fine.id);
      for (const breaker of [petOwner, pricey, strict]) {
        expect(seen).not.toContain(breaker.id);
        expect(await deck(breaker.c)).not.toContain(viewer.id);
      }
      expect(await deck(fine.c)).toContain(viewer.id);
      // The comparison still shows a pair a dealbreaker keeps apart (e.g. from an older match).
      const res = await comparison(viewer.c, petOwner.id);
      expect(factorOf(res.json, 'dealbreakers')).toMatchObject({
        status: 'differ',
        mine: 'No pets, My maximum budget is firm',
      });
    });
  });
});
