import { groupConversationId, groupEventText, groupIdOf, isGroupChatMember, readBy, recipientsOf } from './group-chat';

describe('group chat rules (issue 20)', () => {
  it('gives a group conversation its own id scheme, never a 1:1 id', () => {
    const id = groupConversationId('g-123');
    expect(id).toBe('group-g-123');
    expect(groupIdOf(id)).toBe('g-123');
    expect(groupIdOf('11111111-1111-4111-8111-111111111111_22222222-2222-4222-8222-222222222222')).toBeNull();
    expect(groupIdOf('group-')).toBeNull();
    expect(groupIdOf('xgroup-1')).toBeNull();
  });

  it('lets current members in, and nobody once they left (departures)', () => {
    const audience = { memberIds: ['a', 'b', 'c'], blockedWith: [] };
    expect(isGroupChatMember(audience, 'b')).toBe(true);
    expect(isGroupChatMember({ memberIds: ['a', 'c'], blockedWith: [] }, 'b')).toBe(false);
    expect(isGroupChatMember(null, 'a')).toBe(false);
  });

  it('keeps a line from reaching members blocked either way with its sender (N118)', () => {
    expect(recipientsOf({ memberIds: ['a', 'b', 'c', 'd'], blockedWith: ['c'] }, 'a')).toEqual(['a', 'b', 'd']);
    expect(recipientsOf({ memberIds: ['a', 'b'], blockedWith: [] }, 'a')).toEqual(['a', 'b']);
  });

  it('counts "Read by 2 of 4" over the other members', () => {
    const reads = [
      { userId: 'me', readSeq: 9 },
      { userId: 'b', readSeq: 9 },
      { userId: 'c', readSeq: 7 },
      { userId: 'd', readSeq: 3 },
      { userId: 'e', readSeq: 12 },
    ];
    expect(readBy(7, 'me', reads)).toEqual({ read: 3, of: 4 });
    expect(readBy(10, 'me', reads)).toEqual({ read: 1, of: 4 });
  });

  it('words the system lines', () => {
    const name = (id: string) => ({ a: 'Ana', b: 'Ben' })[id] ?? 'Someone';
    expect(groupEventText({ kind: 'joined', groupId: 'g', actorId: 'b' }, name)).toBe('Ben joined the group');
    expect(groupEventText({ kind: 'left', groupId: 'g', actorId: 'b' }, name)).toBe('Ben left the group');
    expect(groupEventText({ kind: 'removed', groupId: 'g', actorId: 'a', subjectId: 'b' }, name)).toBe(
      'Ana removed Ben',
    );
    expect(groupEventText({ kind: 'renamed', groupId: 'g', actorId: 'a', name: 'Nest' }, name)).toBe(
      'Ana renamed the group to "Nest"',
    );
    expect(groupEventText({ kind: 'invite-code', groupId: 'g', actorId: 'a' }, name)).toBe(
      'Ana made a new invite code',
    );
  });
});
