/**
 * Calls (D21): WebRTC signalling relayed only between matched users; only a Gold member may
 * start a call; the callee may answer whatever their plan. States: ringing → connected → ended.
 */
import { ENTITLEMENTS, type Plan } from '../billing/entitlements';
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import type { Relationship } from './ports';

export const CALL_MESSAGES = {
  premiumTitle: 'Premium Feature',
  premium: 'Upgrade to Gold to make video and voice calls',
  failedTitle: 'Call Failed',
  media: 'Unable to access camera/microphone',
  notAllowed: 'You can only call your matches.',
  noCall: 'That call has ended.',
} as const;

export const callErrors = {
  premium: () =>
    new DomainError('CALLS.PREMIUM_REQUIRED', CALL_MESSAGES.premium, undefined, CALL_MESSAGES.premiumTitle),
  notAllowed: () => new DomainError('CALLS.NOT_ALLOWED', CALL_MESSAGES.notAllowed),
  noCall: () => new DomainError('CALLS.NO_SUCH_CALL', CALL_MESSAGES.noCall),
};

export type CallState = { callId: string; callerId: string; calleeId: string; state: 'ringing' | 'connected' };

/** May `userId` start a call with the other person? */
export function canStartCall(plan: Plan, rel: Relationship): Result<true, DomainError> {
  if (!ENTITLEMENTS[plan].calls) return err(callErrors.premium());
  if (!rel.matched || rel.blocked || !rel.otherActive) return err(callErrors.notAllowed());
  return ok(true);
}

/** Whether a follow-up signal (answer, ice, end, decline) belongs to a call between these two. */
export function isPartOfCall(call: CallState | undefined, from: string, to: string): call is CallState {
  return (
    call !== undefined &&
    ((call.callerId === from && call.calleeId === to) || (call.callerId === to && call.calleeId === from))
  );
}
