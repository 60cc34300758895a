/**
 * Conversations and messages (001 §4, §5, §7; D19, D22). Only the two participants get into a
 * 1:1 conversation; only the group's current members into a group's (issue 20, N117).
 */
import { conversationIdFor } from '../likes/rules';
import { autoFlagOf } from '../moderation/auto-flag';
import { isHeldBack, needsConfirmation } from '../moderation/warnings';
import { canViewProfile } from '../profiles/visibility';
import type { DomainError } from '../shared/errors';
import { secondsUntilFree } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { MESSAGE_MAX } from '../shared/sanitize';
import {
  type GroupEvent,
  groupConversationId,
  groupEventText,
  isGroupChatMember,
  isMultiParty,
  recipientsOf,
} from './group-chat';
import type { ConversationSummary, Message, MessagingDeps, RealtimeBus } from './ports';
import { toMessageDto } from './ports';
import { cleanMessage, MESSAGE_MESSAGES, MESSAGE_WINDOW_MS, MESSAGES_PER_HOUR, messageErrors } from './rules';

/** The conversation's participants when the user is one of them; 404 otherwise (existence not revealed). */
async function membership(deps: Pick<MessagingDeps, 'conversations'>, conversationId: string, userId: string) {
  // A group's or a group match's conversation is never a 1:1 one (its own paths below).
  if (isMultiParty(conversationId)) return null;
  const people = await deps.conversations.participants(conversationId);
  if (!people?.includes(userId)) return null;
  return { other: people.find((p) => p !== userId) ?? userId };
}

/**
 * Membership, and the other participant still visible to the user (issue 14): after a block
 * either way, a suspension or a deletion request the conversation reads as missing for both,
 * by the profile view's rule. Unblocking brings it back.
 */
export async function visibleMembership(
  deps: Pick<MessagingDeps, 'conversations'>,
  conversationId: string,
  userId: string,
) {
  const member = await membership(deps, conversationId, userId);
  if (!member) return null;
  const rel = await deps.conversations.relationship(userId, member.other);
  const owner = { ownerStatus: rel.otherActive ? ('active' as const) : null, blockedEitherWay: rel.blocked };
  return canViewProfile(userId, member.other, owner) ? member : null;
}

/** Create-or-get for a match (001 §4: a duplicate on creation is tolerated). */
export async function openConversation(
  deps: Pick<MessagingDeps, 'clock' | 'conversations'>,
  userId: string,
  otherId: string,
): Promise<Result<{ id: string }, DomainError>> {
  const rel = await deps.conversations.relationship(userId, otherId);
  if (rel.blocked || !rel.otherActive) return err(messageErrors.notFound());
  if (!rel.matched) return err(messageErrors.notMatched());
  const id = conversationIdFor(userId, otherId);
  const [a, b] = userId < otherId ? [userId, otherId] : [otherId, userId];
  await deps.conversations.ensure(id, a, b, deps.clock.now());
  return ok({ id });
}

export async function sendMessage(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  raw: string,
  options: { confirmed?: boolean } = {},
): Promise<Result<Message, DomainError>> {
  const target = await recipients(deps, conversationId, userId);
  if (!target.ok) return target;
  // The composer stops at 10,000 characters (001 §9); a longer request is refused, not cut.
  if (raw.length > MESSAGE_MAX) return err(messageErrors.tooLong());
  const content = cleanMessage(raw);
  if (content === null) return err(messageErrors.invalid());
  // D19: a block ends a 1:1 conversation for both.
  if (target.value.closed) return err(messageErrors.closed());
  // Issue 15: harassment, hate or sexual content waits for the sender's "Send anyway"; nothing is stored.
  const confirmed = options.confirmed === true;
  const verdict = deps.moderation.classify(content);
  if (needsConfirmation(verdict, confirmed)) return err(messageErrors.confirmNeeded());
  // Issue 15: a confident harassment, hate, sexual or phishing message waits for an admin.
  const pendingReview = isHeldBack(verdict);
  const now = deps.clock.now();
  let oldest: Date | null = null;
  const stored = await deps.conversations.send(
    { id: deps.ids.newId(), conversationId, senderId: userId, content, createdAt: now, pendingReview },
    new Date(now.getTime() - MESSAGE_WINDOW_MS),
    (sent, oldestInWindow) => {
      oldest = oldestInWindow;
      return sent < MESSAGES_PER_HOUR;
    },
  );
  if (!stored) return err(messageErrors.rateLimited(secondsUntilFree(oldest, MESSAGE_WINDOW_MS, now)));
  // D22: a flagged message is still delivered; the classifier's verdict waits for an admin (issue 15).
  const flag = autoFlagOf(verdict);
  if (flag) {
    await deps.flags.add({
      id: deps.ids.newId(),
      contentType: 'message',
      contentId: stored.id,
      authorId: userId,
      flag,
      // Only a nudged category was really confirmed; `confirmed` on a scam message means nothing.
      sentAfterWarning: confirmed && needsConfirmation(verdict, false),
      at: now,
    });
  }
  const message: Message = { ...stored, flag: flag && { reason: flag.reason, confidence: flag.confidence } };
  // Each side gets its own view: the recipient's may carry a warning, the sender's never does.
  // A held message reaches only its sender until an admin approves it (releasedMessage).
  await publishMessage(deps, message, pendingReview ? [userId] : [userId, ...target.value.others]);
  return ok(message);
}

/**
 * Who a message from `userId` reaches besides them: the other participant of a 1:1 conversation
 * (`closed` after a block either way or when they are gone, D19), or the group's current members
 * less those blocked either way with the sender (N117, N118). Not a member: not found.
 */
async function recipients(
  deps: Pick<MessagingDeps, 'conversations' | 'groupChats'>,
  conversationId: string,
  userId: string,
): Promise<Result<{ others: string[]; closed: boolean }, DomainError>> {
  if (isMultiParty(conversationId)) {
    const audience = await deps.groupChats.audience(conversationId, userId);
    if (!isGroupChatMember(audience, userId)) return err(messageErrors.notFound());
    return ok({ others: recipientsOf(audience, userId).filter((id) => id !== userId), closed: false });
  }
  const member = await membership(deps, conversationId, userId);
  if (!member) return err(messageErrors.notFound());
  const rel = await deps.conversations.relationship(userId, member.other);
  return ok({ others: [member.other], closed: rel.blocked || !rel.otherActive });
}

/** Each viewer gets their own view: a recipient's may carry a warning, the sender's never does. */
async function publishMessage(deps: { realtime: Pick<RealtimeBus, 'publish'> }, message: Message, viewers: string[]) {
  await Promise.all(
    viewers.map((viewer) =>
      deps.realtime.publish(viewer, { type: 'message.created', message: toMessageDto(message, viewer) }),
    ),
  );
}

/**
 * A group chat's system line (N119): who joined, left or was removed, a rename, a new invite
 * code. It is stored as the actor's message of kind 'system' (so the hourly count sees it, but
 * never refuses it: the group actions have their own limits) and reaches the current members.
 * Nothing happens once the group is gone (its last member left).
 */
export async function postGroupEvent(
  deps: Pick<MessagingDeps, 'clock' | 'ids' | 'conversations' | 'groupChats' | 'realtime'>,
  event: GroupEvent,
  name: (userId: string) => string,
): Promise<void> {
  const audience = await deps.groupChats.audience(groupConversationId(event.groupId), event.actorId);
  if (!audience) return;
  const now = deps.clock.now();
  const stored = await deps.conversations.send(
    {
      id: deps.ids.newId(),
      kind: 'system',
      conversationId: groupConversationId(event.groupId),
      senderId: event.actorId,
      content: groupEventText(event, name),
      createdAt: now,
    },
    new Date(now.getTime() - MESSAGE_WINDOW_MS),
    () => true,
  );
  if (stored) await publishMessage(deps, stored, recipientsOf(audience, event.actorId));
  // Open lists and chats refresh their members and read counts.
  await Promise.all(
    audience.memberIds.map((id) =>
      deps.realtime.publish(id, { type: 'conversation.updated', conversationId: groupConversationId(event.groupId) }),
    ),
  );
}

/**
 * Issue 16's "Ask to verify": a polite system message to the other student, who is not photo
 * verified yet, and their notification (the message itself, live). `reserve` spends the
 * once-a-week budget per conversation after the checks and before the write, so a burst cannot
 * repeat it and a refused request (a stranger, a verified student) spends nothing.
 */
export async function askToVerify(
  deps: MessagingDeps,
  userId: string,
  conversationId: string,
  reserve: () => Promise<void>,
): Promise<Result<Message, DomainError>> {
  const member = await visibleMembership(deps, conversationId, userId);
  if (!member) return err(messageErrors.notFound());
  if ((await deps.badges.badges(member.other)).photoVerified) return err(messageErrors.alreadyVerified());
  await reserve();
  const now = deps.clock.now();
  const stored = await deps.conversations.send(
    {
      id: deps.ids.newId(),
      kind: 'verification_request',
      conversationId,
      senderId: userId,
      content: MESSAGE_MESSAGES.verificationRequest,
      createdAt: now,
    },
    new Date(now.getTime() - MESSAGE_WINDOW_MS),
    // It counts toward the hourly cap like any message (D19), and is never refused by it alone:
    // the weekly budget already bounds it.
    () => true,
  );
  if (!stored) return err(messageErrors.notFound());
  await publishMessage(deps, stored, [userId, member.other]);
  return ok(stored);
}

/**
 * An admin approved a held message (issue 15): both participants receive it now, the recipient
 * for the first time and the sender without "Pending review". Nothing happens for a message
 * that is gone, removed or still held.
 */
export async function releasedMessage(
  deps: Pick<MessagingDeps, 'conversations' | 'groupChats'> & { realtime: Pick<RealtimeBus, 'publish'> },
  messageId: string,
) {
  const message = await deps.conversations.message(messageId);
  if (!message || message.pendingReview) return;
  const audience = isMultiParty(message.conversationId)
    ? await deps.groupChats.audience(message.conversationId, message.senderId)
    : null;
  const people = audience
    ? recipientsOf(audience, message.senderId)
    : ((await deps.conversations.participants(message.conversationId)) ?? []);
  await publishMessage(deps, message, people);
}

/** A multi-party conversation as `userId` may see it now: the audience, or null (not in it, N117). */
async function groupMember(deps: Pick<MessagingDeps, 'groupChats'>, conversationId: string, userId: string) {
  if (!isMultiParty(conversationId)) return null;
  const audience = await deps.groupChats.audience(conversationId, userId);
  return isGroupChatMember(audience, userId) ? audience : null;
}

export async function listMessages(
  deps: Pick<MessagingDeps, 'conversations' | 'groupChats'>,
  userId: string,
  conversationId: string,
  page: { after?: number; before?: number; limit: number },
): Promise<Result<Message[], DomainError>> {
  // Without a cursor the newest page is what a chat opens on.
  const cursor =
    page.after === undefined && page.before === undefined ? { ...page, before: Number.MAX_SAFE_INTEGER } : page;
  if (isMultiParty(conversationId)) {
    const audience = await groupMember(deps, conversationId, userId);
    if (!audience) return err(messageErrors.notFound());
    // Only what was sent since they joined (their participant row's start) and not by someone
    // blocked either way with them (N118).
    const page = await deps.conversations.messages(conversationId, userId, cursor);
    return ok(page.filter((m) => !audience.blockedWith.includes(m.senderId)));
  }
  if (!(await visibleMembership(deps, conversationId, userId))) return err(messageErrors.notFound());
  return ok(await deps.conversations.messages(conversationId, userId, cursor));
}

/** Each member's read position in a group chat ("Read by 2 of 4"); members only (N117). */
export async function groupReads(
  deps: Pick<MessagingDeps, 'groupChats'>,
  userId: string,
  conversationId: string,
): Promise<Result<{ userId: string; readSeq: number }[], DomainError>> {
  const audience = await groupMember(deps, conversationId, userId);
  if (!audience) return err(messageErrors.notFound());
  const reads = await deps.groupChats.reads(conversationId);
  return ok(reads.filter((r) => !audience.blockedWith.includes(r.userId)));
}

export async function markRead(
  deps: Pick<MessagingDeps, 'conversations' | 'groupChats' | 'realtime'>,
  userId: string,
  conversationId: string,
): Promise<Result<{ upToSeq: number }, DomainError>> {
  if (isMultiParty(conversationId)) {
    const audience = await groupMember(deps, conversationId, userId);
    if (!audience) return err(messageErrors.notFound());
    const upToSeq = await deps.groupChats.markRead(conversationId, userId);
    const others = recipientsOf(audience, userId).filter((id) => id !== userId);
    if (upToSeq > 0) {
      await Promise.all(
        others.map((id) =>
          deps.realtime.publish(id, { type: 'messages.read', conversationId, readerId: userId, upToSeq }),
        ),
      );
    }
    return ok({ upToSeq });
  }
  const member = await visibleMembership(deps, conversationId, userId);
  if (!member) return err(messageErrors.notFound());
  const upToSeq = await deps.conversations.markRead(conversationId, userId);
  if (upToSeq > 0) {
    await deps.realtime.publish(member.other, { type: 'messages.read', conversationId, readerId: userId, upToSeq });
  }
  return ok({ upToSeq });
}

export async function deleteConversation(
  deps: Pick<MessagingDeps, 'conversations' | 'realtime'>,
  userId: string,
  conversationId: string,
): Promise<Result<{ deleted: true }, DomainError>> {
  if (!(await membership(deps, conversationId, userId))) return err(messageErrors.notFound());
  await deps.conversations.deleteFor(conversationId, userId);
  await deps.realtime.publish(userId, { type: 'conversation.deleted', conversationId });
  return ok({ deleted: true });
}

export async function listConversations(
  deps: Pick<MessagingDeps, 'conversations'>,
  userId: string,
): Promise<ConversationSummary[]> {
  return deps.conversations.list(userId);
}
