/**
 * Calls in groups (issue 20, N127–N129): voice or video for up to 4 people in a group's chat or a
 * group match's, over a mesh of WebRTC connections (each pair has its own), signalled through the
 * same realtime relay as 1:1 calls (D21). Only a Gold member starts one; any current participant of
 * the conversation may join while fewer than 4 are in it. Who may signal whom is read afresh from
 * the stored call and the conversation's audience on every frame, so a member who left the group,
 * or a pair with a block between them, stops at once.
 */
import { ENTITLEMENTS, type Plan } from '../billing/entitlements';
import type { Clock } from '../shared/clock';
import { DomainError, rateLimited } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { type RateLimiter, WRITE_LIMITS } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { callErrors } from './calls';
import { type GroupChatAudience, type GroupChatRepository, isGroupChatMember, isMultiParty } from './group-chat';
import type { RealtimeBus } from './ports';
import { messageErrors } from './rules';

/** Mesh WebRTC: every participant sends to every other, so 4 is where a student's uplink still copes. */
export const GROUP_CALL_MAX = 4;

export const GROUP_CALL_MESSAGES = {
  full: `This call is full: up to ${GROUP_CALL_MAX} people can be in a group call.`,
  blocked: 'You can’t join this call.',
} as const;

export const groupCallErrors = {
  full: () => new DomainError('CALLS.FULL', GROUP_CALL_MESSAGES.full),
  blocked: () => new DomainError('CALLS.NOT_ALLOWED', GROUP_CALL_MESSAGES.blocked),
};

export type CallMedia = 'video' | 'voice';

export type GroupCall = {
  id: string;
  conversationId: string;
  callerId: string;
  media: CallMedia;
  createdAt: Date;
  /** Who is in the call now, in joining order. */
  participantIds: string[];
};

export type GroupCallSignal = 'offer' | 'answer' | 'ice';

/** What a group call tells its people over the realtime bus. */
export type GroupCallEvent =
  /** A call started in one of the recipient's group conversations: "Join". */
  | { kind: 'ringing'; callId: string; conversationId: string; fromUserId: string; media: CallMedia }
  /** The recipient is in the call (answer to their start or join): they offer to each of `participantIds`. */
  | { kind: 'joined'; callId: string; conversationId: string; media: CallMedia; participantIds: string[] }
  | { kind: 'participant-joined'; callId: string; userId: string }
  | { kind: 'participant-left'; callId: string; userId: string }
  /** One pair's WebRTC negotiation. */
  | { kind: 'signal'; callId: string; fromUserId: string; signal: GroupCallSignal; sdp?: string; candidate?: unknown }
  /** The call is over for the recipient: everyone left, nobody answered, or they may no longer be in it. */
  | { kind: 'ended'; callId: string; conversationId: string; reason: 'ended' | 'no-answer' | 'removed' };

export interface GroupCallRepository {
  /** Opens the conversation's call with its caller in it; when one is live already, that one (created: false). */
  start(call: Omit<GroupCall, 'participantIds'>): Promise<{ call: GroupCall; created: boolean }>;
  get(callId: string): Promise<GroupCall | null>;
  /** The conversation's live call, if any. */
  live(conversationId: string): Promise<GroupCall | null>;
  /**
   * Adds the user while fewer than `max` are in, atomically (concurrent joins never pass `max`):
   * the call after it, 'full', or null when the call has ended.
   */
  join(callId: string, userId: string, at: Date, max: number): Promise<GroupCall | 'full' | null>;
  /** Takes the user out; the call ends (is deleted) with its last participant. Who is left, or null when they were not in it. */
  leave(callId: string, userId: string): Promise<{ remaining: string[]; conversationId: string } | null>;
  /** Ends the call; who was in it. */
  end(callId: string): Promise<string[]>;
  /** The live calls the user is in. */
  callsOf(userId: string): Promise<GroupCall[]>;
}

export type GroupCallDeps = {
  clock: Clock;
  ids: IdGenerator;
  calls: GroupCallRepository;
  /** New calls ring the whole chat: each start spends from the caller's budget first. */
  rateLimiter: RateLimiter;
  groupChats: Pick<GroupChatRepository, 'audience'>;
  realtime: RealtimeBus;
};

const publish = (deps: GroupCallDeps, userIds: string[], event: GroupCallEvent) =>
  Promise.all(userIds.map((id) => deps.realtime.publish(id, { type: 'group-call', event })));

/** The conversation's people as `userId` sees them now, or null when they are not in it. */
async function memberAudience(deps: GroupCallDeps, conversationId: string, userId: string) {
  if (!isMultiParty(conversationId)) return null;
  const audience = await deps.groupChats.audience(conversationId, userId);
  return isGroupChatMember(audience, userId) ? audience : null;
}

const blockedWithAnyone = (audience: GroupChatAudience, people: string[]) =>
  people.some((id) => audience.blockedWith.includes(id));

/**
 * Starts a call in a group conversation (caller Gold, N127), or joins the live one. The others
 * who may see the caller (N118) hear it ring.
 */
export async function startGroupCall(
  deps: GroupCallDeps,
  plan: Plan,
  userId: string,
  conversationId: string,
  media: CallMedia,
): Promise<Result<GroupCall, DomainError>> {
  const audience = await memberAudience(deps, conversationId, userId);
  if (!audience) return err(callErrors.notAllowed());
  const live = await deps.calls.live(conversationId);
  if (live) return joinGroupCall(deps, userId, live.id);
  if (!ENTITLEMENTS[plan].calls) return err(callErrors.premium());
  const now = deps.clock.now();
  const budget = await deps.rateLimiter.reserve(`group-call:user:${userId}`, WRITE_LIMITS.groupCallStartsPerUser, now);
  if (!budget.allowed) return err(rateLimited(budget.retryAfterSeconds));
  const { call, created } = await deps.calls.start({
    id: deps.ids.newId(),
    conversationId,
    callerId: userId,
    media,
    createdAt: now,
  });
  // Someone else started one at the same moment: this student joins theirs.
  if (!created) return joinGroupCall(deps, userId, call.id);
  const others = audience.memberIds.filter((id) => id !== userId && !audience.blockedWith.includes(id));
  await publish(deps, others, { kind: 'ringing', callId: call.id, conversationId, fromUserId: userId, media });
  return ok(call);
}

/** Joins a live call of a conversation the user is in, unless it is full or someone in it is blocked either way with them. */
export async function joinGroupCall(
  deps: GroupCallDeps,
  userId: string,
  callId: string,
): Promise<Result<GroupCall, DomainError>> {
  const call = await deps.calls.get(callId);
  if (!call) return err(callErrors.noCall());
  if (call.participantIds.includes(userId)) return ok(call);
  const audience = await memberAudience(deps, call.conversationId, userId);
  if (!audience) return err(callErrors.noCall());
  if (blockedWithAnyone(audience, call.participantIds)) return err(groupCallErrors.blocked());
  const joined = await deps.calls.join(callId, userId, deps.clock.now(), GROUP_CALL_MAX);
  if (joined === null) return err(callErrors.noCall());
  if (joined === 'full') return err(groupCallErrors.full());
  await publish(
    deps,
    joined.participantIds.filter((id) => id !== userId),
    { kind: 'participant-joined', callId, userId },
  );
  return ok(joined);
}

/** Leaves a call; the last one out ends it, and the conversation's rings stop. */
export async function leaveGroupCall(
  deps: GroupCallDeps,
  userId: string,
  callId: string,
  reason: 'ended' | 'removed' = 'ended',
): Promise<void> {
  const left = await deps.calls.leave(callId, userId);
  if (!left) return;
  await publish(deps, [userId], { kind: 'ended', callId, conversationId: left.conversationId, reason });
  if (left.remaining.length > 0) {
    await publish(deps, left.remaining, { kind: 'participant-left', callId, userId });
    return;
  }
  await announceEnd(deps, left.conversationId, userId, callId, 'ended');
}

/** Ends a call nobody answered (the caller is still alone in it at the ringing timeout, N24). */
export async function endUnansweredGroupCall(deps: GroupCallDeps, callId: string): Promise<void> {
  const call = await deps.calls.get(callId);
  if (!call || call.participantIds.length > 1) return;
  const was = await deps.calls.end(callId);
  await announceEnd(deps, call.conversationId, call.callerId, callId, 'no-answer', was);
}

/** Tells the conversation's people (as `aboutUserId` may reach them) that the call is over. */
async function announceEnd(
  deps: GroupCallDeps,
  conversationId: string,
  aboutUserId: string,
  callId: string,
  reason: 'ended' | 'no-answer',
  alsoTell: string[] = [],
) {
  const audience = await deps.groupChats.audience(conversationId, aboutUserId);
  const people = new Set([...(audience?.memberIds ?? []), ...alsoTell]);
  await publish(deps, [...people], { kind: 'ended', callId, conversationId, reason });
}

/**
 * Relays one pair's WebRTC signal: both must be in the call, the sender still in the conversation
 * (else they are taken out), and no block between the two.
 */
export async function relayGroupSignal(
  deps: GroupCallDeps,
  userId: string,
  input: { callId: string; toUserId: string; signal: GroupCallSignal; sdp?: string; candidate?: unknown },
): Promise<Result<true, DomainError>> {
  const call = await deps.calls.get(input.callId);
  if (!call?.participantIds.includes(userId) || !call.participantIds.includes(input.toUserId)) {
    return err(callErrors.noCall());
  }
  const audience = await memberAudience(deps, call.conversationId, userId);
  if (!audience) {
    await leaveGroupCall(deps, userId, call.id, 'removed');
    return err(callErrors.noCall());
  }
  if (audience.blockedWith.includes(input.toUserId) || !audience.memberIds.includes(input.toUserId)) {
    return err(callErrors.noCall());
  }
  await publish(deps, [input.toUserId], {
    kind: 'signal',
    callId: call.id,
    fromUserId: userId,
    signal: input.signal,
    sdp: input.sdp,
    candidate: input.candidate,
  });
  return ok(true);
}

/**
 * Re-checks the user's calls after their groups or blocks changed (N128): a member who left or was
 * removed, or who is now blocked either way with someone in the call, is taken out at once.
 */
export async function recheckGroupCalls(deps: GroupCallDeps, userId: string): Promise<void> {
  for (const call of await deps.calls.callsOf(userId)) {
    const audience = await memberAudience(deps, call.conversationId, userId);
    if (!audience || blockedWithAnyone(audience, call.participantIds)) {
      await leaveGroupCall(deps, userId, call.id, 'removed');
    }
  }
}

/** The live call of a conversation the user is in, for the chat's "Join call" (null when none or not theirs). */
export async function liveGroupCall(
  deps: GroupCallDeps,
  userId: string,
  conversationId: string,
): Promise<Result<GroupCall | null, DomainError>> {
  const audience = await memberAudience(deps, conversationId, userId);
  if (!audience) return err(messageErrors.notFound());
  const call = await deps.calls.live(conversationId);
  // Someone blocked either way stays out of the student's view here too (N118).
  return ok(
    call && { ...call, participantIds: call.participantIds.filter((id) => !audience.blockedWith.includes(id)) },
  );
}
