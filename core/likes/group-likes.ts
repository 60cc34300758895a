/**
 * Group likes and group matches (issue 20, N121–N123). In group mode a like is made for the
 * active group: the member who likes pays for it from their own allowance (D14) and the like
 * carries the group. A group match is reciprocal interest between two sides, each a group or one
 * student: the group liked the student and the student liked any member of the group (in either
 * order), or two groups each liked a member of the other. Its conversation holds every member of
 * the groups and the student; a block between anyone across the two sides prevents it.
 */
import { compatibility, DEFAULT_SCORE, groupCompatibility, type MatchPerson } from '../matching/compatibility';
import type { DiscoveryDeps, ProfileCard } from '../matching/ports';
import { groupMatchConversationId } from '../messaging/group-chat';

/** How long a group's like stays open for a group match (a student's own like stands). */
export const GROUP_LIKE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** The two sides of a group match: a group and a student, or two groups (in id order). */
export type GroupMatchSides =
  | { groupId: string; userId: string; otherGroupId: null }
  | { groupId: string; userId: null; otherGroupId: string };

/** The sides of a match between a group and a student, or between two groups (one row per pair). */
export function groupMatchSides(groupId: string, other: { userId: string } | { groupId: string }): GroupMatchSides {
  if ('userId' in other) return { groupId, userId: other.userId, otherGroupId: null };
  const [a, b] = groupId < other.groupId ? [groupId, other.groupId] : [other.groupId, groupId];
  return { groupId: a, userId: null, otherGroupId: b };
}

export type NewGroupMatch = { id: string; conversationId: string; sides: GroupMatchSides; at: Date };

export const newGroupMatch = (id: string, sides: GroupMatchSides, at: Date): NewGroupMatch => ({
  id,
  conversationId: groupMatchConversationId(id),
  sides,
  at,
});

/** A group as another student sees it: its name, its active members, and whether one is blocked either way with them. */
export type GroupView = { groupId: string; name: string; memberIds: string[]; blocked: boolean };

export interface GroupMatchRepository {
  /**
   * The reciprocal interest a like just completed, when it makes a group match the sides do not
   * have yet and nobody across the two sides is blocked either way with anyone on the other:
   * - a like for group G on student T: T liked a current member of G (as themself), or a group H
   *   that T belongs to liked a current member of G within the window;
   * - a student's own like on T: a group that T belongs to liked the student within the window.
   * A group's like counts only while its author is still a member.
   */
  pending(input: {
    likerId: string;
    targetId: string;
    likerGroupId: string | null;
    since: Date;
  }): Promise<GroupMatchSides | null>;
  /**
   * The match, its conversation and its participants (both sides' members and the student), in
   * one transaction; the participants, or null when these sides already have a match.
   */
  create(match: NewGroupMatch): Promise<string[] | null>;
  /** Whether `userId` and any current member of the group are blocked either way. */
  blockedWithGroup(groupId: string, userId: string): Promise<boolean>;
  /** Everyone blocked either way with a current member of the group: left out of its deck. */
  blockedAround(groupId: string): Promise<string[]>;
  /**
   * The groups these users search with now (group mode, active group) as `viewerId` may see them:
   * none where a member is blocked either way with the viewer, members limited to visible ones.
   */
  activeGroups(viewerId: string, userIds: string[]): Promise<Map<string, GroupView>>;
  /** Groups by id, each marked `blocked` when a member is blocked either way with `viewerId`. */
  groups(viewerId: string, groupIds: string[]): Promise<Map<string, GroupView>>;
}

/**
 * The group's compatibility with a student as that student sees it (issue 20): the mean over the
 * members (D13's group score) and each member's own.
 */
export function groupScores(members: { userId: string; person: MatchPerson }[], student: MatchPerson) {
  const each = members.map((m) => ({ userId: m.userId, score: compatibility(m.person, student).score }));
  return {
    score: groupCompatibility(
      members.map((m) => m.person),
      student,
    ).score,
    members: each,
  };
}

/** A group as a card: its name, its members' cards and its compatibility with the viewer. */
export type GroupCard = {
  groupId: string;
  name: string;
  compatibilityScore: number;
  members: (ProfileCard & { compatibilityScore: number })[];
};

/**
 * Cards for these groups as `viewerId` sees them (issue 20): members the viewer may see, each
 * with their own score, and the group's mean. Keyed like `views`.
 */
export async function groupCards(
  deps: Pick<DiscoveryDeps, 'discovery'>,
  viewerId: string,
  views: Map<string, GroupView>,
): Promise<Map<string, GroupCard>> {
  if (views.size === 0) return new Map();
  const ids = [...new Set([...views.values()].flatMap((v) => v.memberIds))];
  const [viewer, cards] = await Promise.all([deps.discovery.viewer(viewerId), deps.discovery.cards(viewerId, ids)]);
  const byId = new Map(cards.map((c) => [c.userId, c]));
  const out = new Map<string, GroupCard>();
  for (const [key, view] of views) {
    const members = view.memberIds.flatMap((id) => byId.get(id) ?? []);
    if (members.length === 0) continue;
    const scores = viewer ? groupScores(members, viewer.person) : null;
    out.set(key, {
      groupId: view.groupId,
      name: view.name,
      compatibilityScore: scores?.score ?? DEFAULT_SCORE,
      members: members.map((m, i) => ({ ...m, compatibilityScore: scores?.members[i]?.score ?? DEFAULT_SCORE })),
    });
  }
  return out;
}
