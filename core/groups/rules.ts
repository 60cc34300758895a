/**
 * Group rules (000 §4, §6; 001 §5, §8; D18): invite codes from an alphabet without look-alikes,
 * valid 24 hours; at most 6 members; the creator is admin; when the last admin leaves, the
 * longest-standing member becomes admin; an empty group is deleted. Group mode needs an active
 * group you belong to. Pure, so the browser checks input with the same functions.
 */
import { DAY } from '../shared/clock';
import { DomainError, type FieldError } from '../shared/errors';
import { cleanName } from '../shared/names';
import { err, ok, type Result } from '../shared/result';
import { textErrors } from '../shared/sanitize';

export const GROUP_LIMITS = {
  maxMembers: 6,
  inviteCodeLength: 6,
  inviteCodeTtlMs: DAY,
  nameMax: 50,
  descriptionMax: 500,
} as const;

/** D18: no 0/O/1/I/L, so a code read aloud or copied by hand cannot be mistaken. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const GROUP_MESSAGES = {
  codeRequired: 'Please enter an invite code',
  nameRequired: 'Please enter a group name',
  joinFailed: 'Failed to join group',
  createFailed: 'Failed to create group',
  generateFailed: 'Failed to generate invite code',
  leaveFailed: 'Failed to leave group',
  invalidCode: 'That invite code is not valid. Check it and try again.',
  expiredCode: 'That invite code has expired. Ask the group admin for a new one.',
  full: `This group is full (at most ${GROUP_LIMITS.maxMembers} members).`,
  alreadyMember: "You're already in this group.",
  notFound: 'Group not found.',
  adminOnly: 'Only the group admin can do that.',
  memberNotFound: 'That person is not in this group.',
  removeSelf: 'To leave the group yourself, use Leave Group.',
  noActiveGroup: 'Set an active group before switching to Group mode.',
} as const;

export const groupErrors = {
  notFound: () => new DomainError('GROUPS.NOT_FOUND', GROUP_MESSAGES.notFound),
  invalidCode: () => new DomainError('GROUPS.INVALID_CODE', GROUP_MESSAGES.invalidCode),
  expiredCode: () => new DomainError('GROUPS.CODE_EXPIRED', GROUP_MESSAGES.expiredCode),
  full: () => new DomainError('GROUPS.FULL', GROUP_MESSAGES.full),
  alreadyMember: () => new DomainError('GROUPS.ALREADY_MEMBER', GROUP_MESSAGES.alreadyMember),
  adminOnly: () => new DomainError('GROUPS.ADMIN_ONLY', GROUP_MESSAGES.adminOnly),
  memberNotFound: () => new DomainError('GROUPS.MEMBER_NOT_FOUND', GROUP_MESSAGES.memberNotFound),
  removeSelf: () => new DomainError('GROUPS.REMOVE_SELF', GROUP_MESSAGES.removeSelf),
  noActiveGroup: () => new DomainError('GROUPS.NO_ACTIVE_GROUP', GROUP_MESSAGES.noActiveGroup),
};

export type GroupRole = 'admin' | 'member';
export type Membership = { userId: string; role: GroupRole; joinedAt: Date };
export type Mode = 'solo' | 'group';
export type ModeSetting = { mode: Mode; activeGroupId: string | null };

/** A group as the membership rules see it. */
export type GroupState = {
  id: string;
  inviteCode: string | null;
  inviteCodeExpiresAt: Date | null;
  members: Membership[];
};

/** What a membership change writes, decided by core and applied in one transaction. */
export type MembershipPlan =
  | { kind: 'add'; member: Membership }
  | { kind: 'remove'; userId: string; promote: string | null; deleteGroup: boolean };

/** 001 §5: trimmed, upper-cased; the browser also caps typing at 6 characters. */
export const normalizeInviteCode = (raw: string) => raw.trim().toUpperCase();

/** Whether the text can be an invite code at all (6 characters of the alphabet). */
export const isWellFormedCode = (code: string) =>
  code.length === GROUP_LIMITS.inviteCodeLength && [...code].every((ch) => INVITE_ALPHABET.includes(ch));

export function inviteCodeErrors(raw: string): FieldError[] {
  return normalizeInviteCode(raw).length === 0 ? [{ path: 'inviteCode', message: GROUP_MESSAGES.codeRequired }] : [];
}

export type GroupInput = { name: string; description?: string | null };

/** 001 §5: the name is required (Please enter a group name); the description is optional. */
export function groupInputErrors(input: GroupInput): FieldError[] {
  const errors: FieldError[] = [];
  const name = cleanName(input.name);
  if (name.length === 0) errors.push({ path: 'name', message: GROUP_MESSAGES.nameRequired });
  else {
    const e = textErrors(name, { max: GROUP_LIMITS.nameMax });
    if (e[0]) errors.push({ path: 'name', message: e[0] });
  }
  const d = textErrors(input.description ?? '', { max: GROUP_LIMITS.descriptionMax });
  if (d[0]) errors.push({ path: 'description', message: d[0] });
  return errors;
}

/**
 * A code of `length` characters from the alphabet, from cryptographically random bytes. Bytes at
 * or above the largest multiple of the alphabet size are discarded so every character is equally
 * likely (no modulo bias).
 */
export function inviteCodeFrom(randomBytes: (n: number) => Uint8Array, length: number = GROUP_LIMITS.inviteCodeLength) {
  const n = INVITE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  while (code.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < limit && code.length < length) code += INVITE_ALPHABET[b % n];
    }
  }
  return code;
}

export const isAdmin = (group: GroupState, userId: string) =>
  group.members.some((m) => m.userId === userId && m.role === 'admin');

export const isMember = (group: GroupState, userId: string) => group.members.some((m) => m.userId === userId);

/** D18: a code works until 24 hours after it was generated. */
export const isCodeLive = (expiresAt: Date | null, now: Date) =>
  expiresAt !== null && expiresAt.getTime() > now.getTime();

/** Joining by code (D18): known, unexpired, not already in, and room left. */
export function decideJoin(group: GroupState | null, userId: string, now: Date): Result<MembershipPlan, DomainError> {
  if (!group) return err(groupErrors.invalidCode());
  if (!isCodeLive(group.inviteCodeExpiresAt, now)) return err(groupErrors.expiredCode());
  if (isMember(group, userId)) return err(groupErrors.alreadyMember());
  if (group.members.length >= GROUP_LIMITS.maxMembers) return err(groupErrors.full());
  return ok({ kind: 'add', member: { userId, role: 'member', joinedAt: now } });
}

/**
 * Someone leaving, or an admin removing a member (D18). When no admin would remain, the
 * longest-standing remaining member becomes admin; when nobody remains, the group is deleted.
 */
export function decideRemoval(
  group: GroupState | null,
  actorId: string,
  userId: string,
): Result<MembershipPlan, DomainError> {
  if (!group || !isMember(group, actorId)) return err(groupErrors.notFound());
  if (actorId !== userId) {
    if (!isAdmin(group, actorId)) return err(groupErrors.adminOnly());
    if (!isMember(group, userId)) return err(groupErrors.memberNotFound());
  }
  const remaining = group.members.filter((m) => m.userId !== userId);
  const promote = remaining.some((m) => m.role === 'admin')
    ? null
    : ([...remaining].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.userId < b.userId ? -1 : 1))[0]
        ?.userId ?? null);
  return ok({ kind: 'remove', userId, promote, deleteGroup: remaining.length === 0 });
}

/**
 * The mode a user is in (000 §4): group only while the active group is one of theirs. A stored
 * setting naming a group they left, or one that was deleted, reads as solo with no active group.
 */
export function effectiveMode(stored: ModeSetting, myGroupIds: string[]): ModeSetting {
  if (!stored.activeGroupId || !myGroupIds.includes(stored.activeGroupId)) return { mode: 'solo', activeGroupId: null };
  return stored;
}

/** Choosing a mode (001 §4): group mode is selectable only with an active group. */
export function decideMode(wanted: ModeSetting, myGroupIds: string[]): Result<ModeSetting, DomainError> {
  if (wanted.activeGroupId !== null && !myGroupIds.includes(wanted.activeGroupId)) {
    return err(groupErrors.notFound());
  }
  if (wanted.mode === 'group' && wanted.activeGroupId === null) return err(groupErrors.noActiveGroup());
  return ok(wanted);
}
