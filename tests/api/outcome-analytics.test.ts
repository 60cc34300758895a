/**
 * The admin's "Living together" analytics (issue 21's outcome loop, N160): check-ins given through
 * the real routes come back by compatibility band and by D12 factor, to admins only.
 */
import { completeStudentProfile, signedInStudent } from '../support/students';
import {
  appsOn,
  GOOD_PASSWORD,
  type makeTestApp,
  signedInAdmin,
  signedInClient,
  TEST_ENGINES,
  type TestClient,
} from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string; email: string };

const agreement = (chat: string, rest = '') => `/api/conversations/${chat}/roommate-agreement${rest}`;
const ROUTE = '/api/admin/analytics/outcomes';

/** Two students who match and both accept the agreement their chat starts. */
async function household(a: Student, b: Student) {
  await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
  const chat = (await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).json.conversationId as string;
  expect((await a.c.post(agreement(chat))).status).toBe(201);
  expect((await a.c.post(agreement(chat, '/accept'), { version: 1 })).status).toBe(200);
  expect((await b.c.post(agreement(chat, '/accept'), { version: 1 })).status).toBe(200);
  return chat;
}

const student = async (t: App, email: string) => ({ ...(await signedInStudent(t, email)), email });

describe.each(TEST_ENGINES)('outcomes by compatibility band and factor (N160) on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  it('shows admins the answers per band and agreed vs differed per factor; students get 403', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const empty = await admin.get(ROUTE);
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ answers: 0, unscored: 0 });
    expect(empty.json.bands).toEqual([
      { band: '0–59', answers: 0, meanRating: null, didNotMoveInShare: null },
      { band: '60–79', answers: 0, meanRating: null, didNotMoveInShare: null },
      { band: '80–100', answers: 0, meanRating: null, didNotMoveInShare: null },
    ]);

    // Ana and Ben share every preference; both are looking to join (housing 0.7 of 7): 97.9 → 98.
    const ana = await student(t, 'ana@ucla.edu');
    const ben = await student(t, 'ben@ucla.edu');
    // Dee is Cy's opposite on the five sliders (3 steps apart: 0.25 each) and smokes (0 of 12):
    // 3.75 + 3 + 3 + 2 + 2 + 0 + budget 13 + move-in 8 + housing 4.9 + gender 5 = 44.65 → 45.
    const cy = await student(t, 'cy@ucla.edu');
    const deeClient = await signedInClient(t, 'dee@ucla.edu');
    const dee = { c: deeClient, id: (await deeClient.get('/api/me')).json.user.id as string, email: 'dee@ucla.edu' };
    await completeStudentProfile(t, dee.id, dee.email, {
      preferences: {
        cleanliness: 1,
        noiseLevel: 5,
        sleepSchedule: 5,
        studyHabits: 1,
        guestPolicy: 5,
        smokingTolerance: 'smoking_ok',
      },
    });
    const close = await household(ana, ben);
    const apart = await household(cy, dee);

    t.clock.advance(30 * 86_400_000);
    // Sessions do not last a month: everyone signs in again.
    for (const s of [ana, ben, cy, dee, { c: admin, email: 'dean@ucla.edu' }])
      await s.c.post('/api/auth/sign-in', { email: s.email, password: GOOD_PASSWORD });
    const answer = (s: Student, chat: string, rating: number, didNotMoveIn = false) =>
      s.c.post(agreement(chat, '/check-in'), { checkpointDays: 30, rating, didNotMoveIn });
    expect((await answer(ana, close, 5)).status).toBe(201);
    expect((await answer(ben, close, 4)).status).toBe(201);
    expect((await answer(cy, apart, 2)).status).toBe(201);
    expect((await answer(dee, apart, 1, true)).status).toBe(201);

    const res = await admin.get(ROUTE);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ answers: 4, unscored: 0 });
    expect(res.json.bands).toEqual([
      // Dee's "didn't move in" counts in the share, not in the mean rating.
      { band: '0–59', answers: 2, meanRating: 2, didNotMoveInShare: 0.5 },
      { band: '60–79', answers: 0, meanRating: null, didNotMoveInShare: null },
      { band: '80–100', answers: 2, meanRating: 4.5, didNotMoveInShare: 0 },
    ]);
    const factor = (key: string) => res.json.factors.find((f: { key: string }) => f.key === key);
    expect(res.json.factors).toHaveLength(10);
    expect(factor('cleanliness')).toEqual({
      key: 'cleanliness',
      agreed: { answers: 2, meanRating: 4.5 },
      differed: { answers: 1, meanRating: 2 },
    });
    expect(factor('smoking')).toEqual({
      key: 'smoking',
      agreed: { answers: 2, meanRating: 4.5 },
      differed: { answers: 1, meanRating: 2 },
    });
    // Both looking to join earns 70% of housing: every household differed on it.
    expect(factor('housing').agreed).toEqual({ answers: 0, meanRating: null });
    expect(factor('housing').differed.answers).toBe(3);
    expect(factor('housing').differed.meanRating).toBeCloseTo(11 / 3);
    expect(factor('budget').agreed).toEqual({ answers: 3, meanRating: 11 / 3 });

    // Admins only: a student (even one who answered) is refused, and so is no session.
    const refused = await ana.c.get(ROUTE);
    expect(refused.status).toBe(403);
    expect(refused.json.bands).toBeUndefined();
    expect((await t.client().get(ROUTE)).status).toBe(401);
  });
});
