/**
 * The groups API of api/routes/groups, backed by module state and the same core rules as the
 * server (membership, codes, mode), so the screens meet the server's messages.
 */
import { HttpResponse, http } from 'msw';
import {
  decideJoin,
  decideMode,
  decideRemoval,
  effectiveMode,
  GROUP_LIMITS,
  type GroupState,
  groupErrors,
  groupInputErrors,
  INVITE_ALPHABET,
  inviteCodeErrors,
  type ModeSetting,
  normalizeInviteCode,
} from '../../../core/groups/rules';
import type { DomainError } from '../../../core/shared/errors';
import type { Group } from '../features/groups/api/groups';
import { db } from './db';
import { problemOf } from './discovery-handlers';

type StoredGroup = Group & { members: (Group['members'][number] & { role: 'admin' | 'member' })[] };

const state = { groups: [] as StoredGroup[], modes: new Map<string, ModeSetting>(), codes: 0 };

/** Test switches and seeds. */
export const groupsTest = {
  reset() {
    state.groups = [];
    state.modes.clear();
    state.codes = 0;
  },
  /** A group with these members (the first is admin); its code, if given, is valid for 24 hours. */
  seed(name: string, members: { userId: string; name: string }[], inviteCode: string | null = null) {
    const now = new Date().toISOString();
    const group: StoredGroup = {
      id: `group-${state.groups.length + 1}`,
      name,
      description: null,
      inviteCode,
      inviteCodeExpiresAt: inviteCode ? new Date(Date.now() + GROUP_LIMITS.inviteCodeTtlMs).toISOString() : null,
      createdAt: now,
      members: members.map((m, i) => ({
        userId: m.userId,
        name: m.name,
        role: i === 0 ? 'admin' : 'member',
        profilePhotoUrl: null,
        joinedAt: new Date(Date.now() + i).toISOString(),
      })),
    };
    state.groups.push(group);
    return group;
  },
  setMode: (userId: string, setting: ModeSetting) => state.modes.set(userId, setting),
  groups: () => state.groups,
};

const currentUserId = () => db.session.getAll()[0]?.userId ?? null;
const unauthenticated = () => problemOf(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
const STATUS: Record<string, number> = {
  'GROUPS.NOT_FOUND': 404,
  'GROUPS.INVALID_CODE': 404,
  'GROUPS.MEMBER_NOT_FOUND': 404,
  'GROUPS.ADMIN_ONLY': 403,
  VALIDATION: 400,
};
const failure = (e: DomainError) => problemOf(STATUS[e.code] ?? 409, e.code, 'Error', e.message);
const validation = (message: string) => problemOf(400, 'VALIDATION', 'Bad request', message);

const mine = (userId: string) => state.groups.filter((g) => g.members.some((m) => m.userId === userId));
const toState = (g: StoredGroup): GroupState => ({
  id: g.id,
  inviteCode: g.inviteCode,
  inviteCodeExpiresAt: g.inviteCodeExpiresAt ? new Date(g.inviteCodeExpiresAt) : null,
  members: g.members.map((m) => ({ userId: m.userId, role: m.role, joinedAt: new Date(m.joinedAt) })),
});
const nameOf = (userId: string) => db.user.findFirst({ where: { id: { equals: userId } } })?.email.split('@')[0] ?? '';
const modeOf = (userId: string) =>
  effectiveMode(
    state.modes.get(userId) ?? { mode: 'solo', activeGroupId: null },
    mine(userId).map((g) => g.id),
  );

export const groupsHandlers = [
  http.get('/api/groups', () => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    return HttpResponse.json({ groups: mine(me), ...modeOf(me) });
  }),

  http.post('/api/groups', async ({ request }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const body = (await request.json()) as { name: string; description?: string | null };
    const errors = groupInputErrors(body);
    if (errors[0]) return validation(errors[0].message);
    const group = groupsTest.seed(body.name.trim(), [{ userId: me, name: nameOf(me) }]);
    group.description = body.description ?? null;
    return HttpResponse.json({ group }, { status: 201 });
  }),

  http.post('/api/groups/join', async ({ request }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const { inviteCode } = (await request.json()) as { inviteCode: string };
    const empty = inviteCodeErrors(inviteCode)[0];
    if (empty) return validation(empty.message);
    const group = state.groups.find((g) => g.inviteCode === normalizeInviteCode(inviteCode));
    const decided = decideJoin(group ? toState(group) : null, me, new Date());
    if (!decided.ok) return failure(decided.error);
    if (!group || decided.value.kind !== 'add') return failure(groupErrors.invalidCode());
    group.members.push({
      userId: me,
      name: nameOf(me),
      role: 'member',
      profilePhotoUrl: null,
      joinedAt: decided.value.member.joinedAt.toISOString(),
    });
    return HttpResponse.json({ group });
  }),

  http.post('/api/groups/:groupId/invite-code', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const group = mine(me).find((g) => g.id === params.groupId);
    if (!group) return failure(groupErrors.notFound());
    if (!group.members.some((m) => m.userId === me && m.role === 'admin')) return failure(groupErrors.adminOnly());
    group.inviteCode = `K7QX${INVITE_ALPHABET[state.codes++ % INVITE_ALPHABET.length]}M`;
    group.inviteCodeExpiresAt = new Date(Date.now() + GROUP_LIMITS.inviteCodeTtlMs).toISOString();
    return HttpResponse.json({ inviteCode: group.inviteCode, expiresAt: group.inviteCodeExpiresAt }, { status: 201 });
  }),

  http.post('/api/groups/:groupId/leave', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const group = state.groups.find((g) => g.id === params.groupId);
    const decided = decideRemoval(group ? toState(group) : null, me, me);
    if (!decided.ok) return failure(decided.error);
    const plan = decided.value;
    if (group && plan.kind === 'remove') {
      group.members = group.members.filter((m) => m.userId !== me);
      for (const m of group.members) if (m.userId === plan.promote) m.role = 'admin';
      if (plan.deleteGroup) state.groups = state.groups.filter((g) => g.id !== group.id);
      if (state.modes.get(me)?.activeGroupId === group.id) state.modes.delete(me);
    }
    return HttpResponse.json({ left: true });
  }),

  http.put('/api/group-mode', async ({ request }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const wanted = (await request.json()) as ModeSetting;
    const decided = decideMode(
      wanted,
      mine(me).map((g) => g.id),
    );
    if (!decided.ok) return failure(decided.error);
    state.modes.set(me, decided.value);
    return HttpResponse.json(decided.value);
  }),
];
