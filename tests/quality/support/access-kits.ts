/**
 * The access matrix's table (issue 11 §2): for each `x-access` level, how to build a caller
 * holding that role and a resource owned by someone else. A level whose routes do not exist
 * yet is a pending entry; the matrix fails the moment a route declares a pending level, with
 * what the entry still needs.
 */
import type { Access } from '../../../api/openapi';
import type { Operation } from './openapi';
import type { QualityApp } from './quality-app';

export type Caller = {
  role: Access;
  label: string;
  /** Cookies for one request; a fresh session each time, so sign-out among the calls is harmless. */
  cookies(): Promise<Record<string, string>>;
};

export type World = {
  app: QualityApp;
  /** Owns the resources the other callers go after. */
  victim: { id: string; email: string };
  /** A plain signed-in user with no relation to the victim. */
  stranger: { id: string; email: string };
  /** An active admin (D27). */
  adminUser: { id: string; email: string };
  /** The admin of the victim's group, where the victim is a plain member. */
  groupAdmin: { id: string; email: string };
  /** A signed-in user with an active Gold subscription and no relation to the victim. */
  goldUser: { id: string; email: string };
  /** Ids of resources the victim owns, by the path parameter that names them. */
  victimResources: Record<string, string>;
};

export type ReadyKit = {
  status: 'ready';
  /** A caller holding this role and nothing more towards the victim. */
  caller(world: World): Caller;
  /** A caller entitled to this level's operations on the victim's resources (the positive control). */
  entitled(world: World): Caller;
  /** Path parameters that name one of the victim's resources for an operation of this level. */
  params(world: World, op: Operation): Record<string, string>;
  /** Puts back what an earlier entitled call took away (a deleted group), before each call. */
  prepare?(world: World): Promise<void>;
};

export type PendingKit = { status: 'pending'; needs: string };

export type AccessKit = ReadyKit | PendingKit;

const anonymousCaller = (): Caller => ({ role: 'anonymous', label: 'anonymous', cookies: async () => ({}) });

const userCaller = (world: World, who: 'stranger' | 'victim', role: Access = 'user'): Caller => ({
  role,
  label: `${role} (${world[who].email})`,
  cookies: () => world.app.mintSession(world[who].id),
});

/** Fails for a path parameter a kit does not know how to fill, so a new route extends its kit. */
const noParams = (_world: World, op: Operation): Record<string, string> => {
  const names = (op.spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  if (names.length > 0) throw new Error(`${op.id}: this access kit cannot name a resource for ${names.join(', ')}`);
  return {};
};

/** A caller who is one of the world's role-holding members (the Gold member, the admin). */
const memberCaller = (world: World, who: 'goldUser' | 'adminUser' | 'groupAdmin', role: Access): Caller => ({
  role,
  label: `${role} (${world[who].email})`,
  cookies: () => world.app.mintSession(world[who].id),
});

/** Path parameters that name the victim (`userId`) or one of the victim's resources. */
const victimParams = (world: World, op: Operation): Record<string, string> => {
  const names = (op.spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
  const unknown = names.filter((n) => n !== 'userId' && !(n in world.victimResources));
  if (unknown.length > 0) return noParams(world, op);
  return Object.fromEntries(
    names.map((n) => [n, n === 'userId' ? world.victim.id : (world.victimResources[n] as string)]),
  );
};

export const ACCESS_KITS: Record<Access, AccessKit> = {
  anonymous: {
    status: 'ready',
    caller: anonymousCaller,
    // A signed-in user is entitled too, and has the refresh cookie POST /api/auth/refresh needs.
    entitled: (world) => userCaller(world, 'stranger'),
    params: noParams,
  },
  user: {
    status: 'ready',
    caller: (world) => userCaller(world, 'stranger'),
    entitled: (world) => userCaller(world, 'stranger'),
    // Signed-in routes that name another student (GET /api/profiles/{userId}) name the victim;
    // shared resources (a feature request anyone may vote for) come from the victim's list.
    params: victimParams,
  },
  owner: {
    status: 'ready',
    // Holding the owner level means owning *some* resource: the stranger owns theirs, not the victim's.
    caller: (world) => userCaller(world, 'stranger', 'owner'),
    entitled: (world) => userCaller(world, 'victim', 'owner'),
    params: (world, op) => {
      const names = (op.spec.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const unknown = names.filter((n) => !(n in world.victimResources));
      if (unknown.length > 0) return noParams(world, op);
      return Object.fromEntries(names.map((n) => [n, world.victimResources[n] as string]));
    },
  },
  match: {
    status: 'pending',
    needs:
      'likes/messaging issue: a user matched with the victim (mutual like) as caller(); params() naming the victim’s conversation; entitled() = the victim’s match',
  },
  gold: {
    status: 'ready',
    caller: (world) => memberCaller(world, 'goldUser', 'gold'),
    entitled: (world) => memberCaller(world, 'goldUser', 'gold'),
    // Gold routes act on another student (like-back names who liked you): the victim.
    params: victimParams,
  },
  'group-admin': {
    status: 'ready',
    // The stranger is admin of a group of their own: the role, but nothing over the victim's group.
    caller: (world) => userCaller(world, 'stranger', 'group-admin'),
    entitled: (world) => memberCaller(world, 'groupAdmin', 'group-admin'),
    // The victim's group, and the victim as the member to remove.
    params: victimParams,
    prepare: async (world) => {
      const { groups } = world.app.db;
      const groupId = world.victimResources.groupId as string;
      const at = new Date('2026-09-01T12:00:00Z');
      if (!(await groups.state(groupId))) {
        await groups.create({
          id: groupId,
          name: 'Victim group',
          description: null,
          creatorId: world.groupAdmin.id,
          at,
        });
      }
      await groups.changeMembers(groupId, (g) =>
        g?.members.some((m) => m.userId === world.victim.id)
          ? { ok: false, error: { code: 'present', message: 'already a member' } }
          : { ok: true, value: { kind: 'add', member: { userId: world.victim.id, role: 'member', joinedAt: at } } },
      );
    },
  },
  admin: {
    status: 'ready',
    caller: (world) => memberCaller(world, 'adminUser', 'admin'),
    entitled: (world) => memberCaller(world, 'adminUser', 'admin'),
    // Admin routes act on the victim: their account, a report about them, a flag on their chat.
    params: victimParams,
  },
};

/**
 * Whether a caller of `role` may call an operation of level `access` on the victim's resources.
 * Nobody but the victim owns them, so 'owner' is never granted here; admins get admin routes
 * only, not a bypass of the others.
 */
export function permits(access: Access, role: Access): boolean {
  if (access === 'anonymous') return true;
  if (role === 'anonymous') return false;
  if (access === 'user') return true;
  if (access === 'owner') return false;
  return access === role;
}
