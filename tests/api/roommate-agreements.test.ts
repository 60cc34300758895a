/**
 * Roommate agreements and shared costs (issue 21, N140–N145) through the real app: versions and
 * acceptance, refusals that change nothing, optimistic concurrency and limits under concurrent
 * requests, and the split and settle-up arithmetic end to end.
 */
import { WRITE_LIMITS } from '../../core/shared/rate-limit';
import { matchedPair, signedInStudent } from '../support/students';
import { appsOn, GOOD_PASSWORD, type makeTestApp, TEST_ENGINES, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };
type Terms = Record<string, unknown> & { rent: { monthlyCents: number; split: unknown }; bills: unknown[] };

const path = (conversationId: string, rest = '') => `/api/conversations/${conversationId}/roommate-agreement${rest}`;
const view = async (s: Student, chat: string) => (await s.c.get(path(chat))).json;
const currentTerms = (v: { agreement: { currentVersion: number; versions: { version: number; terms: Terms }[] } }) =>
  v.agreement.versions.find((x) => x.version === v.agreement.currentVersion)?.terms as Terms;
/** Everything stored for the conversation's agreement, read through the repository (both engines). */
async function stored(t: App, chat: string) {
  const agreement = await t.db.roommateAgreements.byConversation(chat);
  return { agreement, expenses: agreement ? await t.db.roommateAgreements.expenses(agreement.id) : [] };
}

async function acceptedPair(t: App) {
  const { a, b, conversationId: chat } = await matchedPair(t);
  expect((await a.c.post(path(chat))).status).toBe(201);
  expect((await a.c.post(path(chat, '/accept'), { version: 1 })).status).toBe(200);
  expect((await b.c.post(path(chat, '/accept'), { version: 1 })).status).toBe(200);
  return { a, b, chat };
}

describe.each(TEST_ENGINES)('on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  describe('roommate agreement: start, propose, accept (issue 21)', () => {
    it('starts pre-filled from both students’ preferences; a second start returns the same agreement', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      expect(await view(a, chat)).toMatchObject({ agreement: null, parties: [a.id, b.id].sort() });
      const started = await a.c.post(path(chat));
      expect(started.status).toBe(201);
      const terms = currentTerms(started.json);
      expect(terms).toMatchObject({ leaseTermMonths: 12, rent: { split: { method: 'equal' } } });
      expect(terms.quietHours).toMatchObject({ from: expect.stringMatching(/^\d\d:\d\d$/) });
      expect(started.json.agreement.versions[0].parties).toEqual([a.id, b.id].sort());
      const again = await b.c.post(path(chat));
      expect(again.status).toBe(200);
      expect(again.json.agreement.id).toBe(started.json.agreement.id);
      expect((await stored(t, chat)).agreement?.versions).toHaveLength(1);
    });

    it('keeps every version, locks the one both accepted, and a later change needs both again', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      const v1 = currentTerms((await a.c.post(path(chat))).json);
      const v2Terms = {
        ...v1,
        rent: {
          monthlyCents: 200_000,
          split: {
            method: 'room_size',
            weights: [
              { userId: a.id, weight: 150 },
              { userId: b.id, weight: 100 },
            ],
          },
        },
        kitchen: 'Dishes done <b>the same night</b>',
      };
      const proposed = await b.c.post(path(chat, '/versions'), { baseVersion: 1, terms: v2Terms });
      expect(proposed.status).toBe(201);
      expect(proposed.json.agreement.currentVersion).toBe(2);
      expect(currentTerms(proposed.json).kitchen).toBe('Dishes done the same night');

      expect((await a.c.post(path(chat, '/accept'), { version: 2 })).json.agreement.acceptedVersion).toBeNull();
      expect((await a.c.get(path(chat, '/costs'))).status).toBe(409);
      const both = await b.c.post(path(chat, '/accept'), { version: 2 });
      expect(both.json.agreement).toMatchObject({ acceptedVersion: 2, acceptedAt: expect.any(String) });

      const v3 = await a.c.post(path(chat, '/versions'), {
        baseVersion: 2,
        terms: { ...currentTerms(both.json), pets: 'No pets.' },
      });
      expect(v3.status).toBe(201);
      expect(v3.json.agreement).toMatchObject({ currentVersion: 3, acceptedVersion: 2 });
      expect(v3.json.agreement.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
      // The accepted version still holds for costs while version 3 waits.
      const costs = (await b.c.get(path(chat, '/costs'))).json;
      expect(costs.version).toBe(2);
      await a.c.post(path(chat, '/accept'), { version: 3 });
      expect((await b.c.post(path(chat, '/accept'), { version: 3 })).json.agreement.acceptedVersion).toBe(3);
    });

    it('refuses a stale version (409), bad input (400) and unchanged terms, changing nothing', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      const v1 = currentTerms((await a.c.post(path(chat))).json);
      expect(
        (await b.c.post(path(chat, '/versions'), { baseVersion: 1, terms: { ...v1, temperature: '70°F' } })).status,
      ).toBe(201);
      const before = await stored(t, chat);

      const stale = await a.c.post(path(chat, '/versions'), { baseVersion: 1, terms: { ...v1, temperature: '75°F' } });
      expect(stale.status).toBe(409);
      expect(stale.json.code).toBe('ROOMMATE_AGREEMENTS.STALE_VERSION');
      expect((await a.c.post(path(chat, '/accept'), { version: 1 })).json.code).toBe(
        'ROOMMATE_AGREEMENTS.STALE_VERSION',
      );

      const badSplit = await a.c.post(path(chat, '/versions'), {
        baseVersion: 2,
        terms: {
          ...v1,
          rent: {
            monthlyCents: 100_000,
            split: {
              method: 'custom',
              weights: [
                { userId: a.id, weight: 6000 },
                { userId: b.id, weight: 3000 },
              ],
            },
          },
        },
      });
      expect(badSplit.status).toBe(400);
      expect(badSplit.json.errors).toContainEqual({
        path: 'rent.split',
        message: 'Custom percentages must add up to exactly 100%.',
      });
      const notCents = await a.c.post(path(chat, '/versions'), {
        baseVersion: 2,
        terms: { ...v1, depositCents: 10.5 },
      });
      expect(notCents.status).toBe(400);
      const extra = await a.c.post(path(chat, '/versions'), { baseVersion: 2, terms: { ...v1, isAccepted: true } });
      expect(extra.status).toBe(400);
      const unsafe = await a.c.post(path(chat, '/versions'), {
        baseVersion: 2,
        terms: { ...v1, pets: '<script>alert(1)</script>' },
      });
      expect(unsafe.status).toBe(400);
      const stranger = await a.c.post(path(chat, '/versions'), {
        baseVersion: 2,
        terms: { ...v1, cleaning: [{ task: 'Bathroom', who: ['someone-else'], frequency: 'weekly' }] },
      });
      expect(stranger.json.errors[0].path).toBe('cleaning.0.who');
      const current = currentTerms(await view(a, chat));
      expect((await a.c.post(path(chat, '/versions'), { baseVersion: 2, terms: current })).json.code).toBe(
        'ROOMMATE_AGREEMENTS.UNCHANGED',
      );
      expect((await a.c.post(path(chat, '/accept'), { version: 'two' })).status).toBe(400);
      expect(await stored(t, chat)).toEqual(before);
    });

    it('screens the text: a sure scam is refused, nothing stored', async () => {
      const t = makeTestApp();
      const { a, conversationId: chat } = await matchedPair(t);
      const v1 = currentTerms((await a.c.post(path(chat))).json);
      const before = await stored(t, chat);
      const scam = await a.c.post(path(chat, '/versions'), {
        baseVersion: 1,
        terms: {
          ...v1,
          problems:
            "I'm out of the country, wire transfer the deposit first via Western Union before viewing, gift cards also ok",
        },
      });
      // A sure hit a rule confirms is refused as a field error and nothing is stored (N56).
      expect(scam.status).toBe(400);
      expect(scam.json.errors).toEqual([
        { path: 'problems', message: 'This text breaks our Community Guidelines. Please rephrase it.' },
      ]);
      expect(await stored(t, chat)).toEqual(before);
    });

    it('answers 404 to anyone outside the conversation, and after a block or a suspension', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      await a.c.post(path(chat));
      const outsider = await signedInStudent(t, 'cy@ucla.edu');
      for (const res of [
        await outsider.c.get(path(chat)),
        await outsider.c.post(path(chat)),
        await outsider.c.post(path(chat, '/accept'), { version: 1 }),
        await outsider.c.get(path(chat, '/costs')),
        await outsider.c.get(path('no_such')),
      ])
        expect(res.status).toBe(404);
      expect((await outsider.c.get(path(chat))).json.code).toBe('ROOMMATE_AGREEMENTS.NOT_FOUND');

      // D19/N44: a block hides the conversation, and with it the agreement, for both.
      expect((await a.c.post('/api/blocks', { blockedUserId: b.id, reason: 'rude' })).status).toBe(201);
      expect((await b.c.get(path(chat))).status).toBe(404);
      expect((await a.c.post(path(chat, '/accept'), { version: 1 })).status).toBe(404);
      const blocks = (await a.c.get('/api/blocks')).json.blocked;
      await a.c.request('DELETE', `/api/blocks/${blocks[0].id}`);
      expect((await b.c.get(path(chat))).status).toBe(200);
      await t.db.admins.setUserStatus(b.id, 'suspended', t.clock.now());
      expect((await a.c.get(path(chat))).status).toBe(404);
    });

    it('two proposals at once: exactly one wins, the other gets 409 and nothing is lost', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      const v1 = currentTerms((await a.c.post(path(chat))).json);
      const results = await Promise.all(
        [a, b, a, b].map((s, i) =>
          s.c.post(path(chat, '/versions'), { baseVersion: 1, terms: { ...v1, temperature: `${68 + i}°F` } }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
      const after = await view(a, chat);
      expect(after.agreement.versions).toHaveLength(2);
      const winner = results.findIndex((r) => r.status === 201);
      expect(currentTerms(after).temperature).toBe(`${68 + winner}°F`);
    });

    it('both accepting at once: both acceptances count and the version is accepted', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      await a.c.post(path(chat));
      const results = await Promise.all([a, b].map((s) => s.c.post(path(chat, '/accept'), { version: 1 })));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const after = await view(b, chat);
      expect(after.agreement.acceptedVersion).toBe(1);
      expect(after.agreement.versions[0].acceptances).toHaveLength(2);
    });

    it('works in a group chat for its current members', async () => {
      const t = makeTestApp();
      const [a, b, c] = [
        await signedInStudent(t, 'ana@ucla.edu'),
        await signedInStudent(t, 'ben@ucla.edu'),
        await signedInStudent(t, 'cy@ucla.edu'),
      ];
      const group = (await a.c.post('/api/groups', { name: 'Westwood Crew' })).json.group;
      for (const s of [b, c]) {
        const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
        await s.c.post('/api/groups/join', { inviteCode });
      }
      const chat = `group-${group.id}`;
      const started = await b.c.post(path(chat));
      expect(started.status).toBe(201);
      expect(started.json.agreement.versions[0].parties).toEqual([a.id, b.id, c.id].sort());
      for (const s of [a, b]) await s.c.post(path(chat, '/accept'), { version: 1 });
      expect((await view(c, chat)).agreement.acceptedVersion).toBeNull();
      // Someone leaves: version 1 was written for three, so it must be proposed again for two.
      await c.c.post(`/api/groups/${group.id}/leave`);
      expect((await c.c.get(path(chat))).status).toBe(404);
      const left = await a.c.post(path(chat, '/accept'), { version: 1 });
      expect(left.json.code).toBe('ROOMMATE_AGREEMENTS.PARTIES_CHANGED');
      const terms = currentTerms(await view(a, chat));
      const again = await a.c.post(path(chat, '/versions'), {
        baseVersion: 1,
        terms: { ...terms, cleaning: [{ task: 'Bathroom', who: [a.id, b.id], frequency: 'weekly' }] },
      });
      expect(again.json.agreement.versions[1].parties).toEqual([a.id, b.id].sort());
    });
  });

  describe('shared costs (issue 21)', () => {
    it('divides rent and bills by the agreed split to the cent, keeps the ledger and settles up', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      const v1 = currentTerms((await a.c.post(path(chat))).json);
      const [first, second] = [a.id, b.id].sort() as [string, string];
      await a.c.post(path(chat, '/versions'), {
        baseVersion: 1,
        terms: {
          ...v1,
          rent: { monthlyCents: 200_001, split: { method: 'equal', weights: [] } },
          bills: [
            {
              name: 'Internet',
              monthlyCents: 6_000,
              split: {
                method: 'custom',
                weights: [
                  { userId: first, weight: 3333 },
                  { userId: second, weight: 6667 },
                ],
              },
            },
            {
              name: 'Electricity',
              monthlyCents: 10_001,
              split: {
                method: 'room_size',
                weights: [
                  { userId: first, weight: 120 },
                  { userId: second, weight: 80 },
                ],
              },
            },
          ],
        },
      });
      for (const s of [a, b]) await s.c.post(path(chat, '/accept'), { version: 2 });
      const costs = (await a.c.get(path(chat, '/costs'))).json;
      expect(costs.shares).toEqual([
        {
          userId: first,
          rentCents: 100_001,
          bills: [
            { name: 'Internet', cents: 2_000 },
            { name: 'Electricity', cents: 6_001 },
          ],
          monthlyCents: 108_002,
          annualCents: 1_296_024,
        },
        {
          userId: second,
          rentCents: 100_000,
          bills: [
            { name: 'Internet', cents: 4_000 },
            { name: 'Electricity', cents: 4_000 },
          ],
          monthlyCents: 108_000,
          annualCents: 1_296_000,
        },
      ]);

      const spent = await a.c.post(path(chat, '/expenses'), {
        description: 'Groceries',
        amountCents: 8_001,
        forUserIds: [a.id, b.id],
      });
      expect(spent.status).toBe(201);
      expect(spent.json.transfers).toEqual([{ from: b.id, to: a.id, amountCents: a.id < b.id ? 4_000 : 4_001 }]);
      const owed = spent.json.transfers[0].amountCents;
      const settled = await b.c.post(path(chat, '/settlements'), { toUserId: a.id, amountCents: owed });
      expect(settled.status).toBe(201);
      expect(settled.json.transfers).toEqual([]);
      expect(settled.json.balances.map((x: { cents: number }) => x.cents)).toEqual([0, 0]);
      // The test clock stands still, so both entries have one time: compare as a set.
      expect(settled.json.expenses.map((e: { kind: string }) => e.kind).sort()).toEqual(['expense', 'settlement']);
      // A data export carries the student's acceptances and the expenses they paid (D25, N146).
      const exported = await t.db.privacy.collect(b.id);
      expect(exported.roommate_expenses).toHaveLength(1);
      expect(exported.roommate_agreement_acceptances).toHaveLength(1);
    });

    it('refuses bad expenses with 400 and changes nothing; costs before acceptance are 409', async () => {
      const t = makeTestApp();
      const { a, b, conversationId: chat } = await matchedPair(t);
      await a.c.post(path(chat));
      expect(
        (await a.c.post(path(chat, '/expenses'), { description: 'Pizza', amountCents: 100, forUserIds: [a.id] })).json
          .code,
      ).toBe('ROOMMATE_AGREEMENTS.NOT_ACCEPTED');
      await a.c.post(path(chat, '/accept'), { version: 1 });
      await b.c.post(path(chat, '/accept'), { version: 1 });
      const before = await stored(t, chat);
      for (const body of [
        { description: 'Pizza', amountCents: 0, forUserIds: [a.id] },
        { description: 'Pizza', amountCents: 12.5, forUserIds: [a.id] },
        { description: '', amountCents: 100, forUserIds: [a.id] },
        { description: 'Pizza', amountCents: 100, forUserIds: ['nobody'] },
        { description: 'Pizza', amountCents: 100, forUserIds: [] },
        { description: 'Pizza', amountCents: 100, forUserIds: [a.id], paidBy: b.id },
      ])
        expect((await a.c.post(path(chat, '/expenses'), body)).status).toBe(400);
      expect((await a.c.post(path(chat, '/settlements'), { toUserId: a.id, amountCents: 100 })).status).toBe(400);
      expect((await a.c.post(path(chat, '/settlements'), { toUserId: b.id, amountCents: -5 })).status).toBe(400);
      expect(await stored(t, chat)).toEqual(before);
    });

    it('answers 403 to a member who joined after acceptance until a version includes them', async () => {
      const t = makeTestApp();
      const [a, b, c] = [
        await signedInStudent(t, 'ana@ucla.edu'),
        await signedInStudent(t, 'ben@ucla.edu'),
        await signedInStudent(t, 'cy@ucla.edu'),
      ];
      const group = (await a.c.post('/api/groups', { name: 'Nest' })).json.group;
      const join = async (s: Student) => {
        const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
        await s.c.post('/api/groups/join', { inviteCode });
      };
      await join(b);
      const chat = `group-${group.id}`;
      await a.c.post(path(chat));
      for (const s of [a, b]) await s.c.post(path(chat, '/accept'), { version: 1 });
      await join(c);
      // Cy reads the agreement (a member now) but is not a party to the accepted version.
      expect((await c.c.get(path(chat))).json.agreement.acceptedVersion).toBe(1);
      const costs = await c.c.get(path(chat, '/costs'));
      expect(costs.status).toBe(403);
      expect(costs.json.code).toBe('ROOMMATE_AGREEMENTS.NOT_IN_AGREEMENT');
      const before = await stored(t, chat);
      expect(
        (await c.c.post(path(chat, '/expenses'), { description: 'Soap', amountCents: 300, forUserIds: [a.id] })).status,
      ).toBe(403);
      expect(await stored(t, chat)).toEqual(before);
      expect((await a.c.get(path(chat, '/costs'))).status).toBe(200);
    });

    it('limits writes per student, reserving before the work: concurrent requests past the limit get 429', async () => {
      const t = makeTestApp();
      const { a, b, chat } = await acceptedPair(t);
      const limit = WRITE_LIMITS.roommateAgreementWritesPerUser.limit;
      // Starting and accepting spent 2 of a's units.
      const attempts = limit - 2 + 10;
      const results = await Promise.all(
        Array.from({ length: attempts }, (_, i) =>
          a.c.post(path(chat, '/expenses'), {
            description: `Snack ${i}`,
            amountCents: 100 + i,
            forUserIds: [a.id, b.id],
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(limit - 2);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(results.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await stored(t, chat)).expenses).toHaveLength(limit - 2);
      // The other student's budget is their own.
      expect(
        (await b.c.post(path(chat, '/expenses'), { description: 'Soap', amountCents: 300, forUserIds: [a.id, b.id] }))
          .status,
      ).toBe(201);
    });
  });

  describe('the outcome loop (issue 21)', () => {
    it("asks each party “How's living together?” at 30 and 90 days, once each, and refuses what is not due", async () => {
      const t = makeTestApp();
      const { a, b, chat } = await acceptedPair(t);
      const answer = (s: Student, body: Record<string, unknown>) => s.c.post(path(chat, '/check-in'), body);
      expect((await a.c.get(path(chat, '/check-in'))).json).toMatchObject({ due: null, answered: [] });
      const early = await answer(a, { checkpointDays: 30, rating: 4 });
      expect(early.status).toBe(409);
      expect(early.json.code).toBe('ROOMMATE_AGREEMENTS.CHECK_IN_NOT_DUE');

      // Sessions do not last a month: both sign in again after each jump of the clock.
      const signIn = (s: Student, email: string) => s.c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
      const later = async (days: number) => {
        t.clock.advance(days * 86_400_000);
        await signIn(a, 'ana@ucla.edu');
        await signIn(b, 'ben@ucla.edu');
      };
      await later(30);
      expect((await a.c.get(path(chat, '/check-in'))).json.due).toBe(30);
      expect((await answer(a, { checkpointDays: 30, rating: 7 })).status).toBe(400);
      expect((await answer(a, { checkpointDays: 30, rating: 4, extra: 1 })).status).toBe(400);
      const done = await answer(a, {
        checkpointDays: 30,
        rating: 4,
        whatWorks: 'The cleaning rota',
        whatDoesnt: 'Dishes at night',
      });
      expect(done.status).toBe(201);
      expect(done.json).toMatchObject({ due: null, answered: [30] });
      expect((await answer(a, { checkpointDays: 30, rating: 5 })).json.code).toBe(
        'ROOMMATE_AGREEMENTS.CHECK_IN_ANSWERED',
      );
      // Each party answers for themselves.
      expect((await b.c.get(path(chat, '/check-in'))).json.due).toBe(30);

      await later(60);
      expect((await b.c.get(path(chat, '/check-in'))).json.due).toBe(90);
      expect((await answer(b, { checkpointDays: 30, rating: 3 })).json.code).toBe(
        'ROOMMATE_AGREEMENTS.CHECK_IN_NOT_DUE',
      );
      expect((await answer(b, { checkpointDays: 90, rating: 2, didNotMoveIn: true })).status).toBe(201);
      const outsider = await signedInStudent(t, 'cy@ucla.edu');
      expect((await outsider.c.get(path(chat, '/check-in'))).status).toBe(404);
      expect((await t.db.privacy.collect(b.id)).roommate_outcomes).toEqual([
        expect.objectContaining({ checkpoint_days: 90, rating: 2, did_not_move_in: 1 }),
      ]);
    });
  });
});
