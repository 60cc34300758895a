import { describe, expect, it } from 'vitest';
import {
  decideJoin,
  decideMode,
  decideRemoval,
  effectiveMode,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type GroupState,
  groupInputErrors,
  INVITE_ALPHABET,
  inviteCodeFrom,
  isWellFormedCode,
  type Membership,
  normalizeInviteCode,
} from './rules';

const at = (s: number) => new Date(Date.UTC(2026, 8, 1, 12, 0, s));
const member = (userId: string, role: Membership['role'], s: number): Membership => ({ userId, role, joinedAt: at(s) });
const group = (members: Membership[], expiresAt: Date | null = at(3600)): GroupState => ({
  id: 'g',
  inviteCode: 'ABCDEF',
  inviteCodeExpiresAt: expiresAt,
  members,
});

describe('invite codes (D18)', () => {
  it('uses 6 characters without look-alikes', () => {
    expect(INVITE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(INVITE_ALPHABET).size).toBe(31);
    let seed = 0;
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => (seed = (seed * 73 + 41) % 256));
    for (let i = 0; i < 50; i++) expect(isWellFormedCode(inviteCodeFrom(bytes))).toBe(true);
  });

  it('discards bytes past the last full alphabet cycle, so every character is equally likely', () => {
    // 248 = 8 × 31: bytes 248..255 would favour the first 8 characters; they must be skipped.
    const queue = [255, 250, 248, 0, 31, 62, 247, 5, 36];
    const bytes = (n: number) => Uint8Array.from(queue.splice(0, n));
    expect(inviteCodeFrom(bytes)).toBe(`AAA${INVITE_ALPHABET[247 % 31]}FF`);
  });

  it('upper-cases and trims what people type', () => {
    expect(normalizeInviteCode('  k7qx2m ')).toBe('K7QX2M');
    expect(isWellFormedCode('K7QX2M')).toBe(true);
    expect(isWellFormedCode('K7QX2')).toBe(false);
    expect(isWellFormedCode('K7QX20')).toBe(false);
  });
});

describe('membership (D18)', () => {
  it('joins until the code expires or the group is full, once per person', () => {
    expect(decideJoin(null, 'u', at(0))).toMatchObject({ ok: false, error: { code: 'GROUPS.INVALID_CODE' } });
    expect(decideJoin(group([member('a', 'admin', 0)], at(10)), 'u', at(10))).toMatchObject({
      error: { code: 'GROUPS.CODE_EXPIRED' },
    });
    expect(decideJoin(group([member('a', 'admin', 0)]), 'a', at(0))).toMatchObject({
      error: { code: 'GROUPS.ALREADY_MEMBER' },
    });
    const full = Array.from({ length: GROUP_LIMITS.maxMembers }, (_, i) => member(`m${i}`, i ? 'member' : 'admin', i));
    expect(decideJoin(group(full), 'u', at(0))).toMatchObject({ error: { code: 'GROUPS.FULL' } });
    expect(decideJoin(group(full.slice(1)), 'u', at(9))).toEqual({
      ok: true,
      value: { kind: 'add', member: { userId: 'u', role: 'member', joinedAt: at(9) } },
    });
  });

  it('hands admin to the longest-standing member and deletes an empty group', () => {
    const g = group([member('admin', 'admin', 0), member('late', 'member', 9), member('early', 'member', 3)]);
    expect(decideRemoval(g, 'admin', 'admin')).toEqual({
      ok: true,
      value: { kind: 'remove', userId: 'admin', promote: 'early', deleteGroup: false },
    });
    expect(decideRemoval(g, 'late', 'late')).toMatchObject({ value: { promote: null, deleteGroup: false } });
    expect(decideRemoval(group([member('solo', 'admin', 0)]), 'solo', 'solo')).toMatchObject({
      value: { promote: null, deleteGroup: true },
    });
  });

  it('lets only an admin remove someone else, and only a member act at all', () => {
    const g = group([member('admin', 'admin', 0), member('m', 'member', 1)]);
    expect(decideRemoval(g, 'm', 'admin')).toMatchObject({ error: { code: 'GROUPS.ADMIN_ONLY' } });
    expect(decideRemoval(g, 'stranger', 'm')).toMatchObject({ error: { code: 'GROUPS.NOT_FOUND' } });
    expect(decideRemoval(g, 'admin', 'stranger')).toMatchObject({ error: { code: 'GROUPS.MEMBER_NOT_FOUND' } });
    expect(decideRemoval(null, 'admin', 'm')).toMatchObject({ error: { code: 'GROUPS.NOT_FOUND' } });
  });
});

describe('mode (000 §4)', () => {
  it('is group only with an active group of mine; otherwise it reads as solo', () => {
    expect(decideMode({ mode: 'group', activeGroupId: null }, ['g'])).toMatchObject({
      error: { code: 'GROUPS.NO_ACTIVE_GROUP' },
    });
    expect(decideMode({ mode: 'group', activeGroupId: 'x' }, ['g'])).toMatchObject({
      error: { code: 'GROUPS.NOT_FOUND' },
    });
    expect(decideMode({ mode: 'solo', activeGroupId: 'g' }, ['g'])).toEqual({
      ok: true,
      value: { mode: 'solo', activeGroupId: 'g' },
    });
    expect(effectiveMode({ mode: 'group', activeGroupId: 'gone' }, ['g'])).toEqual({
      mode: 'solo',
      activeGroupId: null,
    });
    expect(effectiveMode({ mode: 'group', activeGroupId: 'g' }, ['g'])).toEqual({ mode: 'group', activeGroupId: 'g' });
  });
});

describe('group names (issue 14)', () => {
  it('measures and requires the name without bidi overrides or invisible characters', () => {
    expect(groupInputErrors({ name: '\u200B\u202E\uFEFF' })).toEqual([
      { path: 'name', message: GROUP_MESSAGES.nameRequired },
    ]);
    expect(groupInputErrors({ name: `${'\u200B'.repeat(60)}Westwood` })).toEqual([]);
  });
});
