/**
 * Group likes and group matches (issue 20, N121–N123), on SQLite and on PostgreSQL (PGlite): a like
 * in group mode is made for the group, the liked student sees the group, and liking back (or liking
 * any member within the window) makes one conversation with everyone; two groups match as one;
 * blocks across the sides hide the group both ways; leaving the group leaves its match chats.
 */
import { DAY } from '../../core/shared/clock';
import { groupOf, makeGold, signedInStudent } from '../support/students';
import { appsOn, GOOD_PASSWORD, type makeTestApp, TEST_ENGINES, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };
type GroupChat = { id: string; name: string; members: { userId: string }[] };

describe.each(TEST_ENGINES)('group likes and group matches on %s (issue 20)', (_engine, database) => {
  const app = appsOn(database);

  const student = (t: App, name: string): Promise<Student> => signedInStudent(t, `${name}@ucla.edu`);

  /** A group of the admin and `others`, every member searching in group mode. */
  async function searchingGroup(admin: Student, others: Student[], name: string) {
    const { id } = await groupOf(admin, others, name);
    for (const s of [admin, ...others]) {
      const set = await s.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: id });
      expect(set.status).toBe(200);
    }
    return id;
  }

  const like = (s: Student, target: Student, action = 'like') =>
    s.c.post('/api/swipes', { targetUserId: target.id, action });
  const groupChats = async (s: Student) => (await s.c.get('/api/conversations')).json.groupConversations as GroupChat[];
  const matchChats = async (s: Student) => (await groupChats(s)).filter((g) => g.id.startsWith('gmatch-'));
  const people = (chat: GroupChat | undefined) => (chat?.members ?? []).map((m) => m.userId).sort();
  const ids = (...s: Student[]) => s.map((x) => x.id).sort();

  it('shows a group like as the group, and the like back makes one conversation with everyone', async () => {
    const t = app();
    const [ana, ben, sam] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'sam')];
    const groupId = await searchingGroup(ana, [ben], 'Westwood Crew');
    await makeGold(t, sam.id);

    const liked = await like(ana, sam);
    expect(liked.json).toMatchObject({ isMatch: false, isGroupMatch: false });

    // Who Liked You shows the group: its name, its members and its compatibility (mean and each).
    const received = (await sam.c.get('/api/likes/received')).json;
    expect(received.count).toBe(1);
    const group = received.likers[0].group;
    expect(group).toMatchObject({ groupId, name: 'Westwood Crew' });
    expect(group.members.map((m: { userId: string }) => m.userId).sort()).toEqual(ids(ana, ben));
    const scores = group.members.map((m: { compatibilityScore: number }) => m.compatibilityScore);
    expect(group.compatibilityScore).toBe(
      Math.round(scores.reduce((a: number, b: number) => a + b, 0) / scores.length),
    );
    // The deck shows the group on each member's card, to anyone (it says nothing about likes).
    const deck = (await sam.c.post('/api/discover/deck', {})).json.candidates as {
      userId: string;
      group: { name: string } | null;
    }[];
    expect(deck.find((c) => c.userId === ana.id)?.group?.name).toBe('Westwood Crew');
    expect(deck.find((c) => c.userId === ben.id)?.group?.name).toBe('Westwood Crew');

    const back = await sam.c.post(`/api/likes/${ana.id}/like-back`);
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ isMatch: true, isGroupMatch: true });
    const chatId = back.json.conversationId as string;
    expect(chatId).toMatch(/^gmatch-/);

    for (const s of [ana, ben, sam]) {
      const [chat] = await matchChats(s);
      expect(chat).toMatchObject({ id: chatId, name: 'Westwood Crew & sam' });
      expect(people(chat)).toEqual(ids(ana, ben, sam));
    }
    const sent = await sam.c.post(`/api/conversations/${chatId}/messages`, { content: 'Hi both! Tour Saturday?' });
    expect(sent.status).toBe(201);
    const benReads = (await ben.c.get(`/api/conversations/${chatId}/messages`)).json.messages;
    expect(benReads.map((m: { content: string }) => m.content)).toEqual(['Hi both! Tour Saturday?']);
    // Answered: the group's like leaves Who Liked You.
    expect((await sam.c.get('/api/likes/received')).json.count).toBe(0);
    // A stranger cannot read it.
    const eve = await student(t, 'eve');
    expect((await eve.c.get(`/api/conversations/${chatId}/messages`)).status).toBe(404);
    // Issue 21: a roommate agreement starts from the group match, with all three as parties.
    const agreement = await sam.c.post(`/api/conversations/${chatId}/roommate-agreement`);
    expect(agreement.status).toBe(201);
    expect([...agreement.json.agreement.versions[0].parties].sort()).toEqual(ids(ana, ben, sam));
    expect((await eve.c.get(`/api/conversations/${chatId}/roommate-agreement`)).status).toBe(404);
  });

  it('matches when the student likes any member within the window, not after it', async () => {
    const t = app();
    const [ana, ben, sam, tia] = [
      await student(t, 'ana'),
      await student(t, 'ben'),
      await student(t, 'sam'),
      await student(t, 'tia'),
    ];
    await searchingGroup(ana, [ben], 'Westwood Crew');
    await like(ana, sam);
    await like(ana, tia);
    // Sam likes Ben, who never liked Sam: Ana's like was for the group, so it is a group match.
    const samLikesBen = await like(sam, ben);
    expect(samLikesBen.json).toMatchObject({ isMatch: true, isGroupMatch: true });
    expect(people((await matchChats(ben))[0])).toEqual(ids(ana, ben, sam));

    // Eight days on, the group's like to Tia no longer makes a group match.
    t.clock.advance(8 * DAY);
    const later = { c: t.client(), id: tia.id };
    expect((await later.c.post('/api/auth/sign-in', { email: 'tia@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    const late = await like(later, ben);
    expect(late.json).toMatchObject({ isMatch: false, isGroupMatch: false });
    expect(await matchChats(later)).toEqual([]);
  });

  it('makes one group match under concurrent likes of two members', async () => {
    const t = app();
    const [ana, ben, sam] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'sam')];
    await searchingGroup(ana, [ben], 'Westwood Crew');
    await like(ana, sam);
    await like(ben, sam);
    const [toAna, toBen] = await Promise.all([like(sam, ana), like(sam, ben)]);
    expect([toAna.status, toBen.status]).toEqual([200, 200]);
    expect([toAna.json.isGroupMatch, toBen.json.isGroupMatch].filter(Boolean)).toHaveLength(1);
    for (const s of [ana, ben, sam]) expect(await matchChats(s)).toHaveLength(1);
  });

  it('gives two groups that like each other one conversation with both groups', async () => {
    const t = app();
    const [ana, ben, cy, dee] = [
      await student(t, 'ana'),
      await student(t, 'ben'),
      await student(t, 'cy'),
      await student(t, 'dee'),
    ];
    await searchingGroup(ana, [ben], 'Westwood Crew');
    await searchingGroup(cy, [dee], 'Sawtelle Four');
    expect((await like(ana, cy)).json.isGroupMatch).toBe(false);
    const back = await like(dee, ben);
    expect(back.json).toMatchObject({ isMatch: true, isGroupMatch: true });
    for (const s of [ana, ben, cy, dee]) {
      const chats = await matchChats(s);
      expect(chats).toHaveLength(1);
      expect(people(chats[0])).toEqual(ids(ana, ben, cy, dee));
    }
  });

  it('hides the group from a student blocked with any member, both ways, and within a match chat', async () => {
    const t = app();
    const [ana, ben, sam, tia] = [
      await student(t, 'ana'),
      await student(t, 'ben'),
      await student(t, 'sam'),
      await student(t, 'tia'),
    ];
    await searchingGroup(ana, [ben], 'Westwood Crew');
    await makeGold(t, sam.id);
    await like(ana, sam);
    expect((await sam.c.get('/api/likes/received')).json.count).toBe(1);
    // Sam blocks Ben: Ana's like for the group is hidden from Sam, and Sam from the group's deck.
    expect((await sam.c.post('/api/blocks', { blockedUserId: ben.id })).status).toBe(201);
    expect((await sam.c.get('/api/likes/received')).json).toMatchObject({ count: 0, likers: [] });
    const deck = (await ana.c.post('/api/discover/deck', {})).json.candidates as { userId: string }[];
    expect(deck.map((c) => c.userId)).not.toContain(sam.id);
    expect(deck.map((c) => c.userId)).toContain(tia.id);
    // Liking Ana back makes a one-to-one match at most: no group match across a block.
    const back = await like(sam, ana);
    expect(back.json).toMatchObject({ isMatch: true, isGroupMatch: false });
    expect(await matchChats(sam)).toEqual([]);
    // A like from the group on a student blocked with a member is refused.
    const uma = await student(t, 'uma');
    await uma.c.post('/api/blocks', { blockedUserId: ben.id });
    expect((await like(ana, uma)).status).toBe(404);
    const tiaDeck = (await tia.c.post('/api/discover/deck', {})).json.candidates as { userId: string }[];
    expect(tiaDeck.map((c) => c.userId)).toContain(ana.id);

    // In an existing match chat a later block drops the pair from each other's view.
    await like(ben, tia);
    const chatId = (await like(tia, ana)).json.conversationId as string;
    expect(chatId).toMatch(/^gmatch-/);
    await tia.c.post('/api/blocks', { blockedUserId: ben.id });
    await ben.c.post(`/api/conversations/${chatId}/messages`, { content: 'Ben here' });
    await ana.c.post(`/api/conversations/${chatId}/messages`, { content: 'Ana here' });
    const tiaSees = (await tia.c.get(`/api/conversations/${chatId}/messages`)).json.messages;
    expect(tiaSees.map((m: { content: string }) => m.content)).toEqual(['Ana here']);
  });

  it('takes a member who leaves out of the group match chat; a new member reads from their join on', async () => {
    const t = app();
    const [ana, ben, sam, dee] = [
      await student(t, 'ana'),
      await student(t, 'ben'),
      await student(t, 'sam'),
      await student(t, 'dee'),
    ];
    const groupId = await searchingGroup(ana, [ben], 'Westwood Crew');
    await like(ana, sam);
    const chatId = (await like(sam, ana)).json.conversationId as string;
    await sam.c.post(`/api/conversations/${chatId}/messages`, { content: 'before' });

    expect((await ben.c.post(`/api/groups/${groupId}/leave`)).status).toBe(200);
    expect((await ben.c.get(`/api/conversations/${chatId}/messages`)).status).toBe(404);
    expect(await matchChats(ben)).toEqual([]);
    expect((await ben.c.post(`/api/conversations/${chatId}/messages`, { content: 'still here?' })).status).toBe(404);

    const { inviteCode } = (await ana.c.post(`/api/groups/${groupId}/invite-code`)).json;
    await dee.c.post('/api/groups/join', { inviteCode });
    expect(people((await matchChats(dee))[0])).toEqual(ids(ana, dee, sam));
    expect((await dee.c.get(`/api/conversations/${chatId}/messages`)).json.messages).toEqual([]);
    await sam.c.post(`/api/conversations/${chatId}/messages`, { content: 'after' });
    const deeReads = (await dee.c.get(`/api/conversations/${chatId}/messages`)).json.messages;
    expect(deeReads.map((m: { content: string }) => m.content)).toEqual(['after']);

    // The group's deletion takes the match chat with it.
    await ana.c.post(`/api/groups/${groupId}/leave`);
    await dee.c.post(`/api/groups/${groupId}/leave`);
    expect(await matchChats(sam)).toEqual([]);
    expect((await sam.c.get(`/api/conversations/${chatId}/messages`)).status).toBe(404);
  });

  it("spends the liker's own allowance: a member's super like does not use another's", async () => {
    const t = app();
    const [ana, ben, sam, tia] = [
      await student(t, 'ana'),
      await student(t, 'ben'),
      await student(t, 'sam'),
      await student(t, 'tia'),
    ];
    await searchingGroup(ana, [ben], 'Westwood Crew');
    expect((await like(ana, sam, 'super_like')).status).toBe(200);
    // Free: one super like a day each (D14).
    expect((await like(ana, tia, 'super_like')).status).toBe(429);
    expect((await like(ben, tia, 'super_like')).status).toBe(200);
  });
});
