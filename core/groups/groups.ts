/** Groups and solo/group mode: ports and use cases (issue 7; 000 §4, 001 §4, D13, D18). */
import type { GroupEvent } from '../messaging/group-chat';
import type { ContentFlagRepository } from '../messaging/ports';
import type { AutoFlag } from '../moderation/auto-flag';
import type { MessageClassifier } from '../moderation/classifier';
import { screenFields } from '../moderation/screen';
import type { Clock } from '../shared/clock';
import { type DomainError, rateLimited, validationError } from '../shared/errors';
import type { IdGenerator, RandomBytes } from '../shared/ids';
import { cleanName } from '../shared/names';
import { ipKey, type RateLimiter, reserveAll, WRITE_LIMITS } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { sanitizeText } from '../shared/sanitize';
import {
  decideJoin,
  decideMode,
  decideRemoval,
  effectiveMode,
  GROUP_LIMITS,
  type GroupInput,
  type GroupRole,
  type GroupState,
  groupErrors,
  groupInputErrors,
  inviteCodeErrors,
  inviteCodeFrom,
  isAdmin,
  isMember,
  isWellFormedCode,
  type MembershipPlan,
  type ModeSetting,
  normalizeInviteCode,
} from './rules';

/** A member as other members see them: name and photo only (000 §3). */
export type GroupMemberView = {
  userId: string;
  role: GroupRole;
  name: string;
  photoUrl: string | null;
  joinedAt: Date;
};

export type GroupView = {
  id: string;
  name: string;
  description: string | null;
  creatorId: string | null;
  inviteCode: string | null;
  inviteCodeExpiresAt: Date | null;
  createdAt: Date;
  members: GroupMemberView[];
};

export interface GroupRepository {
  /** The user's groups with their members, oldest first; members longest-standing first. */
  groupsOf(userId: string): Promise<GroupView[]>;
  state(groupId: string): Promise<GroupState | null>;
  /** Inserts the group with its creator as admin. */
  create(input: { id: string; name: string; description: string | null; creatorId: string; at: Date }): Promise<void>;
  update(groupId: string, input: { name: string; description: string | null }): Promise<void>;
  /** Deletes the group and its memberships; anyone whose active group it was goes back to solo. */
  delete(groupId: string): Promise<void>;
  /** Stores the code unless another group holds it unexpired at `now`; false on such a clash. */
  setInviteCode(groupId: string, code: string, expiresAt: Date, now: Date): Promise<boolean>;
  /**
   * In one transaction (so the member cap holds under concurrent joins): reads the group whose
   * code this is, asks `decide`, and applies the plan it returns. Yields the group's id.
   */
  joinByCode(
    code: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<string, DomainError>>;
  /**
   * In one transaction: reads the group, asks `decide`, applies the plan. Removing a member also
   * clears their active group when it was this one; an empty group is deleted.
   */
  changeMembers(
    groupId: string,
    decide: (group: GroupState | null) => Result<MembershipPlan, DomainError>,
  ): Promise<Result<MembershipPlan, DomainError>>;
  mode(userId: string): Promise<ModeSetting>;
  setMode(userId: string, setting: ModeSetting): Promise<void>;
}

export type GroupDeps = {
  clock: Clock;
  ids: IdGenerator;
  random: RandomBytes;
  groups: GroupRepository;
  /** Names and descriptions are classified on save (issue 15). */
  moderation: MessageClassifier;
  flags: Pick<ContentFlagRepository, 'add'>;
  /** After a join, leave or removal: the composition root tells these users live (issue 17). */
  onMembersChanged?: MembersChanged;
  /** After a join, leave, removal, rename or new invite code: the group's chat gets its system line (issue 20). */
  onGroupEvent?: (event: GroupEvent) => Promise<void>;
};

type MembersChanged = (groupId: string, userIds: string[]) => Promise<void>;

/** Who to tell about a membership change: everyone who was a member before it. */
async function membersBefore(
  deps: { groups: Partial<Pick<GroupRepository, 'state'>>; onMembersChanged?: MembersChanged },
  groupId: string,
) {
  if (!deps.onMembersChanged || !deps.groups.state) return [];
  return ((await deps.groups.state(groupId))?.members ?? []).map((m) => m.userId);
}

/** How many fresh codes are tried before giving up on a clash (31^6 codes: a clash is rare). */
const CODE_ATTEMPTS = 5;

type CleanGroup = { name: string; description: string | null; flag: AutoFlag | null };

/** Checks and cleans the input, then classifies it: a high-confidence hit refuses the save (issue 15). */
function cleanGroupInput(deps: Pick<GroupDeps, 'moderation'>, input: GroupInput): Result<CleanGroup, DomainError> {
  const errors = groupInputErrors(input);
  if (errors.length > 0) return err(validationError(errors));
  const description = sanitizeText(input.description ?? '', GROUP_LIMITS.descriptionMax) || null;
  const name = sanitizeText(cleanName(input.name), GROUP_LIMITS.nameMax);
  const screening = screenFields(deps.moderation, [
    { path: 'name', text: name },
    { path: 'description', text: description },
  ]);
  if (screening.errors.length > 0) return err(validationError(screening.errors));
  return ok({ name, description, flag: screening.flag });
}

/**
 * A lower-confidence hit is saved and queued for an admin (D22). content_flags has no 'group'
 * content type and the schema is not ours to change here, so it is filed as 'other' by group id.
 */
async function queueGroupFlag(deps: GroupDeps, groupId: string, userId: string, flag: AutoFlag | null) {
  if (!flag) return;
  await deps.flags.add({
    id: deps.ids.newId(),
    contentType: 'other',
    contentId: groupId,
    authorId: userId,
    flag,
    at: deps.clock.now(),
  });
}

/** My groups and my mode; a mode naming a group I am no longer in reads as solo (000 §4). */
export async function listGroups(deps: Pick<GroupDeps, 'groups'>, userId: string) {
  const groups = await deps.groups.groupsOf(userId);
  const setting = effectiveMode(
    await deps.groups.mode(userId),
    groups.map((g) => g.id),
  );
  return { groups, ...setting };
}

export async function createGroup(
  deps: GroupDeps,
  userId: string,
  input: GroupInput,
): Promise<Result<GroupView, DomainError>> {
  const clean = cleanGroupInput(deps, input);
  if (!clean.ok) return clean;
  const id = deps.ids.newId();
  const { name, description, flag } = clean.value;
  await deps.groups.create({ id, name, description, creatorId: userId, at: deps.clock.now() });
  await queueGroupFlag(deps, id, userId, flag);
  const view = (await deps.groups.groupsOf(userId)).find((g) => g.id === id);
  return view ? ok(view) : err(groupErrors.notFound());
}

/** A group's state, but only for its members: to anyone else it does not exist. */
async function memberState(deps: Pick<GroupDeps, 'groups'>, userId: string, groupId: string) {
  const state = await deps.groups.state(groupId);
  return state && isMember(state, userId) ? state : null;
}

async function adminState(
  deps: Pick<GroupDeps, 'groups'>,
  userId: string,
  groupId: string,
): Promise<Result<GroupState, DomainError>> {
  const state = await memberState(deps, userId, groupId);
  if (!state) return err(groupErrors.notFound());
  return isAdmin(state, userId) ? ok(state) : err(groupErrors.adminOnly());
}

export async function updateGroup(
  deps: GroupDeps,
  userId: string,
  groupId: string,
  input: GroupInput,
): Promise<Result<GroupView, DomainError>> {
  const admin = await adminState(deps, userId, groupId);
  if (!admin.ok) return admin;
  const clean = cleanGroupInput(deps, input);
  if (!clean.ok) return clean;
  const { name, description, flag } = clean.value;
  const before = (await deps.groups.groupsOf(userId)).find((g) => g.id === groupId);
  await deps.groups.update(groupId, { name, description });
  await queueGroupFlag(deps, groupId, userId, flag);
  if (before && before.name !== name) await deps.onGroupEvent?.({ kind: 'renamed', groupId, actorId: userId, name });
  const view = (await deps.groups.groupsOf(userId)).find((g) => g.id === groupId);
  return view ? ok(view) : err(groupErrors.notFound());
}

export async function deleteGroup(
  deps: GroupDeps,
  userId: string,
  groupId: string,
): Promise<Result<{ deleted: true }, DomainError>> {
  const admin = await adminState(deps, userId, groupId);
  if (!admin.ok) return admin;
  await deps.groups.delete(groupId);
  return ok({ deleted: true });
}

/** D18: admins only; a fresh code replaces the old one and is valid for 24 hours. */
export async function generateInviteCode(
  deps: GroupDeps,
  userId: string,
  groupId: string,
): Promise<Result<{ inviteCode: string; expiresAt: Date }, DomainError>> {
  const admin = await adminState(deps, userId, groupId);
  if (!admin.ok) return admin;
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + GROUP_LIMITS.inviteCodeTtlMs);
  for (let i = 0; i < CODE_ATTEMPTS; i++) {
    const inviteCode = inviteCodeFrom(deps.random);
    if (await deps.groups.setInviteCode(groupId, inviteCode, expiresAt, now)) {
      await deps.onGroupEvent?.({ kind: 'invite-code', groupId, actorId: userId });
      return ok({ inviteCode, expiresAt });
    }
  }
  throw new Error(`no free invite code after ${CODE_ATTEMPTS} attempts`);
}

/** Outcomes that prove the code was wrong (or dead): these are the guesses the limit counts. */
const GUESS_FAILURES = new Set(['GROUPS.INVALID_CODE', 'GROUPS.CODE_EXPIRED']);

export async function joinGroup(
  deps: GroupDeps & { rateLimiter: RateLimiter },
  userId: string,
  rawCode: string,
  ctx: { ip: string | null },
): Promise<Result<GroupView, DomainError>> {
  const fields = inviteCodeErrors(rawCode);
  if (fields.length > 0) return err(validationError(fields));
  const code = normalizeInviteCode(rawCode);
  if (!isWellFormedCode(code)) return err(groupErrors.invalidCode());
  const now = deps.clock.now();
  // Codes are short (D18), so wrong ones are limited per user and per address (issue 14). The unit
  // is reserved before the lookup, so a burst of guesses cannot outrun the count; a right code
  // gives it back.
  const reservation = await reserveAll(
    deps.rateLimiter,
    [
      [`group-join:user:${userId}`, WRITE_LIMITS.joinFailuresPerUser],
      [`group-join:ip:${ipKey(ctx.ip)}`, WRITE_LIMITS.joinFailuresPerIp],
    ],
    now,
  );
  if (!reservation.allowed) return err(rateLimited(reservation.retryAfterSeconds));
  const joined = await deps.groups.joinByCode(code, (group) => decideJoin(group, userId, now));
  if (joined.ok || !GUESS_FAILURES.has(joined.error.code)) await reservation.release();
  if (!joined.ok) return joined;
  await deps.onGroupEvent?.({ kind: 'joined', groupId: joined.value, actorId: userId });
  const view = (await deps.groups.groupsOf(userId)).find((g) => g.id === joined.value);
  if (view)
    await deps.onMembersChanged?.(
      view.id,
      view.members.map((m) => m.userId),
    );
  return view ? ok(view) : err(groupErrors.notFound());
}

export async function leaveGroup(
  deps: {
    groups: Pick<GroupRepository, 'changeMembers'> & Partial<Pick<GroupRepository, 'state'>>;
    onMembersChanged?: MembersChanged;
    onGroupEvent?: GroupDeps['onGroupEvent'];
  },
  userId: string,
  groupId: string,
): Promise<Result<{ left: true }, DomainError>> {
  const before = await membersBefore(deps, groupId);
  const result = await deps.groups.changeMembers(groupId, (group) => decideRemoval(group, userId, userId));
  if (!result.ok) return result;
  await deps.onGroupEvent?.({ kind: 'left', groupId, actorId: userId });
  await deps.onMembersChanged?.(groupId, before);
  return ok({ left: true });
}

export async function removeMember(
  deps: Pick<GroupDeps, 'groups' | 'onMembersChanged' | 'onGroupEvent'>,
  actorId: string,
  groupId: string,
  userId: string,
): Promise<Result<{ removed: true }, DomainError>> {
  if (actorId === userId) {
    const state = await memberState(deps, actorId, groupId);
    return err(state ? groupErrors.removeSelf() : groupErrors.notFound());
  }
  const before = await membersBefore(deps, groupId);
  const result = await deps.groups.changeMembers(groupId, (group) => decideRemoval(group, actorId, userId));
  if (!result.ok) return result;
  await deps.onGroupEvent?.({ kind: 'removed', groupId, actorId, subjectId: userId });
  await deps.onMembersChanged?.(groupId, before);
  return ok({ removed: true });
}

export async function setMode(
  deps: Pick<GroupDeps, 'groups'>,
  userId: string,
  wanted: ModeSetting,
): Promise<Result<ModeSetting, DomainError>> {
  const mine = (await deps.groups.groupsOf(userId)).map((g) => g.id);
  const decided = decideMode(wanted, mine);
  if (!decided.ok) return decided;
  await deps.groups.setMode(userId, decided.value);
  return decided;
}

/** The members a deck is ranked for in group mode (D13), or null in solo mode. */
export async function deckGroup(
  deps: Pick<GroupDeps, 'groups'>,
  userId: string,
): Promise<{ groupId: string; memberIds: string[] } | null> {
  const { groups, mode, activeGroupId } = await listGroups(deps, userId);
  const group = mode === 'group' ? groups.find((g) => g.id === activeGroupId) : undefined;
  return group ? { groupId: group.id, memberIds: group.members.map((m) => m.userId) } : null;
}

/**
 * The group a like is made for: the active group in group mode (issue 20), else null. `mode` is the
 * liker's stored setting, read with the like's other reads; nothing more is read when solo.
 */
export async function likingGroup(
  deps: Pick<GroupDeps, 'groups'>,
  userId: string,
  mode: ModeSetting,
): Promise<string | null> {
  if (mode.mode !== 'group') return null;
  return (await deckGroup(deps, userId))?.groupId ?? null;
}
