import { GROUP_LIMITS, GROUP_MESSAGES, INVITE_ALPHABET } from '../../core/groups/rules';
import { completeStudentProfile, quickStudent } from '../support/students';
import { makeTestApp, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };

let n = 0;
async function student(t: App, options: Parameters<typeof completeStudentProfile>[3] = {}): Promise<Student> {
  const email = `groupie${++n}@ucla.edu`;
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email, options);
  return { c, id };
}

async function groupWithCode(admin: Student, name = 'Westwood Crew') {
  const group = (await admin.c.post('/api/groups', { name, description: 'Looking near campus' })).json.group;
  const { inviteCode } = (await admin.c.post(`/api/groups/${group.id}/invite-code`)).json;
  return { id: group.id as string, code: inviteCode as string };
}

const groupsOf = async (s: Student) => (await s.c.get('/api/groups')).json;

describe('groups (issue 7; D18)', () => {
  it('creates a group with its creator as admin, and names it as 001 §5 says', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const empty = await a.c.post('/api/groups', { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe(GROUP_MESSAGES.nameRequired);
    const unsafe = await a.c.post('/api/groups', { name: '<script>alert(1)</script>' });
    expect(unsafe.status).toBe(400);
    const res = await a.c.post('/api/groups', { name: '  Bruin Nest ' });
    expect(res.status).toBe(201);
    expect(res.json.group).toMatchObject({ name: 'Bruin Nest', description: null, inviteCode: null });
    expect(res.json.group.members).toEqual([
      {
        userId: a.id,
        role: 'admin',
        name: expect.any(String),
        profilePhotoUrl: expect.any(String),
        joinedAt: expect.any(String),
      },
    ]);
    expect(await groupsOf(a)).toMatchObject({ mode: 'solo', activeGroupId: null, groups: [{ name: 'Bruin Nest' }] });
    expect((await groupsOf(await student(t))).groups).toEqual([]);
  });

  it('joins by a code of the D18 alphabet, upper-casing it; refuses empty, unknown, repeated and expired codes', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const b = await student(t);
    const { id, code } = await groupWithCode(a);
    expect(code).toMatch(new RegExp(`^[${INVITE_ALPHABET}]{6}$`));
    expect(code).not.toMatch(/[0O1IL]/);

    const empty = await b.c.post('/api/groups/join', { inviteCode: '  ' });
    expect([empty.status, empty.json.detail]).toEqual([400, GROUP_MESSAGES.codeRequired]);
    const unknown = await b.c.post('/api/groups/join', { inviteCode: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' });
    expect([unknown.status, unknown.json.detail]).toEqual([404, GROUP_MESSAGES.invalidCode]);
    expect((await b.c.post('/api/groups/join', { inviteCode: `${code}X` })).status).toBe(404);

    t.clock.advance(1000);
    const joined = await b.c.post('/api/groups/join', { inviteCode: ` ${code.toLowerCase()} ` });
    expect(joined.status).toBe(200);
    expect(joined.json.group.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [a.id, 'admin'],
      [b.id, 'member'],
    ]);
    // Members see name and photo only: no e-mail, preferences or anything else.
    expect(Object.keys(joined.json.group.members[0]).sort()).toEqual(
      ['joinedAt', 'name', 'profilePhotoUrl', 'role', 'userId'].sort(),
    );
    const again = await b.c.post('/api/groups/join', { inviteCode: code });
    expect([again.status, again.json.detail]).toEqual([409, GROUP_MESSAGES.alreadyMember]);
    expect((await groupsOf(a)).groups[0].members).toHaveLength(2);

    t.clock.advance(GROUP_LIMITS.inviteCodeTtlMs);
    const c = await student(t);
    const expired = await c.c.post('/api/groups/join', { inviteCode: code });
    expect([expired.status, expired.json.detail]).toEqual([409, GROUP_MESSAGES.expiredCode]);
    expect((await a.c.post('/api/auth/refresh')).status).toBe(200);
    expect((await groupsOf(a)).groups[0]).toMatchObject({ id, inviteCode: null, inviteCodeExpiresAt: null });
  });

  it('lets only the admin generate codes, rename, remove members and delete; outsiders see nothing', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const b = await student(t);
    const outsider = await student(t);
    const { id, code } = await groupWithCode(a);
    await b.c.post('/api/groups/join', { inviteCode: code });

    const memberCode = await b.c.post(`/api/groups/${id}/invite-code`);
    expect([memberCode.status, memberCode.json.detail]).toEqual([403, GROUP_MESSAGES.adminOnly]);
    expect((await b.c.request('PUT', `/api/groups/${id}`, { name: 'Mine now' })).status).toBe(403);
    expect((await b.c.request('DELETE', `/api/groups/${id}/members/${a.id}`)).status).toBe(403);
    expect((await b.c.request('DELETE', `/api/groups/${id}`)).status).toBe(403);
    for (const res of [
      await outsider.c.post(`/api/groups/${id}/invite-code`),
      await outsider.c.request('PUT', `/api/groups/${id}`, { name: 'Taken' }),
      await outsider.c.request('DELETE', `/api/groups/${id}`),
      await outsider.c.post(`/api/groups/${id}/leave`),
      await outsider.c.request('DELETE', `/api/groups/${id}/members/${b.id}`),
    ]) {
      expect([res.status, res.json.detail]).toEqual([404, GROUP_MESSAGES.notFound]);
    }
    expect((await groupsOf(a)).groups[0]).toMatchObject({ name: 'Westwood Crew', inviteCode: code });

    const self = await a.c.request('DELETE', `/api/groups/${id}/members/${a.id}`);
    expect([self.status, self.json.detail]).toEqual([409, GROUP_MESSAGES.removeSelf]);
    expect((await a.c.request('DELETE', `/api/groups/${id}/members/${outsider.id}`)).status).toBe(404);
    const renamed = await a.c.request('PUT', `/api/groups/${id}`, { name: 'Sunset Six', description: '' });
    expect(renamed.json.group).toMatchObject({ name: 'Sunset Six', description: null });
    expect((await a.c.request('DELETE', `/api/groups/${id}/members/${b.id}`)).status).toBe(200);
    expect((await groupsOf(b)).groups).toEqual([]);
    expect((await a.c.request('DELETE', `/api/groups/${id}`)).status).toBe(200);
    expect((await groupsOf(a)).groups).toEqual([]);
  });

  it('passes admin to the longest-standing member when the last admin leaves, and deletes an empty group', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t), await student(t), await student(t)];
    const { id, code } = await groupWithCode(a);
    await b.c.post('/api/groups/join', { inviteCode: code });
    t.clock.advance(1000);
    await c.c.post('/api/groups/join', { inviteCode: code });
    expect((await a.c.post(`/api/groups/${id}/leave`)).status).toBe(200);
    expect(
      (await groupsOf(c)).groups[0].members.map((m: { userId: string; role: string }) => [m.userId, m.role]),
    ).toEqual([
      [b.id, 'admin'],
      [c.id, 'member'],
    ]);
    expect((await b.c.post(`/api/groups/${id}/invite-code`)).status).toBe(201);
    await b.c.post(`/api/groups/${id}/leave`);
    await c.c.post(`/api/groups/${id}/leave`);
    expect((await a.c.post('/api/groups/join', { inviteCode: code })).status).toBe(404);
    expect((await c.c.post(`/api/groups/${id}/leave`)).status).toBe(404);
  });

  it('takes a deleted account out of its groups at once, passing admin on', async () => {
    const t = makeTestApp();
    const [a, b] = [await student(t), await student(t)];
    const { id, code } = await groupWithCode(a);
    t.clock.advance(1000);
    await b.c.post('/api/groups/join', { inviteCode: code });
    expect((await a.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
    const [group] = (await groupsOf(b)).groups;
    expect(group.id).toBe(id);
    expect(group.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([[b.id, 'admin']]);
  });

  it('never lets membership pass 6, even when joins race', async () => {
    const t = makeTestApp();
    const admin = await student(t);
    const { id, code } = await groupWithCode(admin);
    const joiners = await Promise.all(Array.from({ length: 8 }, () => student(t)));
    const results = await Promise.all(joiners.map((j) => j.c.post('/api/groups/join', { inviteCode: code })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(GROUP_LIMITS.maxMembers - 1);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.detail)).toEqual([
      GROUP_MESSAGES.full,
      GROUP_MESSAGES.full,
      GROUP_MESSAGES.full,
    ]);
    const members = (await groupsOf(admin)).groups.find((g: { id: string }) => g.id === id).members;
    expect(members).toHaveLength(GROUP_LIMITS.maxMembers);
  });
});

describe('solo and group mode (000 §4; D13)', () => {
  it('needs an active group for group mode, ranks the deck for the whole group, and falls back to solo on leaving', async () => {
    const t = makeTestApp();
    const tidy = { cleanliness: 5, noiseLevel: 1, sleepSchedule: 1, studyHabits: 5, guestPolicy: 1 };
    const messy = { cleanliness: 1, noiseLevel: 5, sleepSchedule: 5, studyHabits: 1, guestPolicy: 5 };
    const a = await student(t, { preferences: tidy });
    const b = await student(t, { preferences: messy });
    const tidyCandidate = await quickStudent(t, 'tidy@ucla.edu', { preferences: tidy });
    const messyCandidate = await quickStudent(t, 'messy@ucla.edu', { preferences: messy });

    const noGroup = await a.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: null });
    expect([noGroup.status, noGroup.json.detail]).toEqual([409, GROUP_MESSAGES.noActiveGroup]);
    const solo = (await a.c.post('/api/discover/deck', {})).json;
    expect(solo).toMatchObject({ mode: 'solo', groupId: null });
    const soloIds = solo.candidates.map((x: { userId: string }) => x.userId);
    expect(soloIds).toContain(b.id);
    const score = (deck: { candidates: { userId: string; compatibilityScore: number }[] }, id: string) =>
      deck.candidates.find((x) => x.userId === id)?.compatibilityScore;

    const { id, code } = await groupWithCode(a);
    await b.c.post('/api/groups/join', { inviteCode: code });
    const other = await student(t);
    const foreign = await other.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: id });
    expect(foreign.status).toBe(404);
    const set = await a.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: id });
    expect(set.json).toEqual({ mode: 'group', activeGroupId: id });
    expect(await groupsOf(a)).toMatchObject({ mode: 'group', activeGroupId: id });

    const group = (await a.c.post('/api/discover/deck', {})).json;
    expect(group).toMatchObject({ mode: 'group', groupId: id });
    const groupIds = group.candidates.map((x: { userId: string }) => x.userId);
    expect(groupIds).not.toContain(b.id);
    expect(groupIds).toEqual(expect.arrayContaining([tidyCandidate, messyCandidate]));
    // The mean over the members (D13): the tidy candidate loses points for the messy member.
    const bSolo = (await b.c.post('/api/discover/deck', {})).json;
    expect(score(group, tidyCandidate)).toBe(
      Math.round(((score(solo, tidyCandidate) ?? 0) + (score(bSolo, tidyCandidate) ?? 0)) / 2),
    );
    expect(score(group, tidyCandidate)).toBeLessThan(score(solo, tidyCandidate) ?? 0);

    await a.c.post(`/api/groups/${id}/leave`);
    expect(await groupsOf(a)).toMatchObject({ mode: 'solo', activeGroupId: null });
    expect((await a.c.post('/api/discover/deck', {})).json.mode).toBe('solo');
    // Rejoining does not bring group mode back on its own.
    const { code: fresh } = await groupWithCode(b, 'Again');
    expect(fresh).toBeTruthy();
    await b.c.request('PUT', '/api/group-mode', { mode: 'group', activeGroupId: id });
    await b.c.request('DELETE', `/api/groups/${id}`);
    expect(await groupsOf(b)).toMatchObject({ mode: 'solo', activeGroupId: null });
  });
});

describe('group names (issue 14)', () => {
  it('drops bidi overrides and zero-width characters from a name, and refuses one made only of them', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const created = await a.c.post('/api/groups', { name: '\u202EBruin\u200B Nest\uFEFF\u2066' });
    expect(created.status).toBe(201);
    expect(created.json.group.name).toBe('Bruin Nest');
    const invisible = await a.c.post('/api/groups', { name: '\u200B\u202E\u2060' });
    expect(invisible.status).toBe(400);
    expect(invisible.json.detail).toBe(GROUP_MESSAGES.nameRequired);
    expect((await groupsOf(a)).groups.map((g: { name: string }) => g.name)).toEqual(['Bruin Nest']);
  });
});
