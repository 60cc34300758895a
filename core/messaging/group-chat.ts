/**
 * Group chat (issue 20, N115–N119): every group has one conversation with its current members.
 * Its id is `group-<group id>`, which can never be a 1:1 id (two user ids joined by "_", 001 §3).
 * Who may read and write it is the group's membership at that moment; a member who left or was
 * removed is refused on every path at once; a block between two members hides each one's
 * messages from the other (N118).
 */

const GROUP_PREFIX = 'group-';
/** A group match's conversation (issue 20, N122): the group and the student (or two groups). */
const GROUP_MATCH_PREFIX = 'gmatch-';

export const groupConversationId = (groupId: string) => `${GROUP_PREFIX}${groupId}`;
export const groupMatchConversationId = (matchId: string) => `${GROUP_MATCH_PREFIX}${matchId}`;

/**
 * Whether a conversation has more than two people: a group's chat or a group match's. Both are
 * read and written through their audience (the participants now), never as a 1:1 pair.
 */
export const isMultiParty = (conversationId: string) =>
  groupIdOf(conversationId) !== null ||
  (conversationId.startsWith(GROUP_MATCH_PREFIX) && conversationId.length > GROUP_MATCH_PREFIX.length);

/** The group a conversation id names, or null for a 1:1 conversation. */
export const groupIdOf = (conversationId: string): string | null =>
  conversationId.startsWith(GROUP_PREFIX) && conversationId.length > GROUP_PREFIX.length
    ? conversationId.slice(GROUP_PREFIX.length)
    : null;

export type GroupChatAudience = {
  /** The group's current members: its conversation's participants. */
  memberIds: string[];
  /** Members blocked either way with the user asked about: neither sees the other's lines (N118). */
  blockedWith: string[];
};

export type GroupConversationSummary = {
  id: string;
  /** 'group': the group's own chat; 'match': a group match's (the group is the first side). */
  kind: 'group' | 'match';
  groupId: string;
  name: string;
  memberIds: string[];
  lastMessageAt: Date | null;
  lastMessageText: string | null;
  unreadCount: number;
  createdAt: Date;
};

export type GroupRead = { userId: string; readSeq: number };

export interface GroupChatRepository {
  /**
   * A multi-party conversation's people now (a group's members, or a group match's participants)
   * and who of them is blocked either way with `userId`; null when it is gone.
   */
  audience(conversationId: string, userId: string): Promise<GroupChatAudience | null>;
  /** The user's group and group match conversations: preview and unread count leave out held, removed and blocked members' lines. */
  list(userId: string): Promise<GroupConversationSummary[]>;
  /** Marks everything up to the newest message read for this member; the sequence, or 0. */
  markRead(conversationId: string, readerId: string): Promise<number>;
  /** Each current participant's read position ("Read by 2 of 4"). */
  reads(conversationId: string): Promise<GroupRead[]>;
}

/** Who sees a line from `senderId`: the members, less the ones blocked either way with them (N118). */
export const recipientsOf = (audience: GroupChatAudience, senderId: string) =>
  audience.memberIds.filter((id) => id === senderId || !audience.blockedWith.includes(id));

/** Whether `userId` may read and write the group's conversation now (N117). */
export const isGroupChatMember = (audience: GroupChatAudience | null, userId: string): audience is GroupChatAudience =>
  audience?.memberIds.includes(userId) === true;

/** "Read by 2 of 4" for one of the viewer's own messages: the other members who read up to it. */
export function readBy(seq: number, senderId: string, reads: GroupRead[]) {
  const others = reads.filter((r) => r.userId !== senderId);
  return { read: others.filter((r) => r.readSeq >= seq).length, of: others.length };
}

/** What changed in a group, for its chat's system line (N119). */
export type GroupEvent =
  | { kind: 'joined' | 'left'; groupId: string; actorId: string }
  | { kind: 'removed'; groupId: string; actorId: string; subjectId: string }
  | { kind: 'renamed'; groupId: string; actorId: string; name: string }
  | { kind: 'invite-code'; groupId: string; actorId: string };

/** The system line's text; `name` gives a member's display name. */
export function groupEventText(event: GroupEvent, name: (userId: string) => string): string {
  const actor = name(event.actorId);
  switch (event.kind) {
    case 'joined':
      return `${actor} joined the group`;
    case 'left':
      return `${actor} left the group`;
    case 'removed':
      return `${actor} removed ${name(event.subjectId)}`;
    case 'renamed':
      return `${actor} renamed the group to "${event.name}"`;
    case 'invite-code':
      return `${actor} made a new invite code`;
  }
}
