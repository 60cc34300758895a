/**
 * The full comparison for the profile dialog (issue 21): the profile view's visibility rule (a
 * missing, incomplete, suspended, deleted or blocked student is "not found" alike), then both
 * students' answers factor by factor, and the conversation to raise a difference in once matched.
 */
import { conversationIdFor } from '../likes/rules';
import type { ProfileDeps } from '../profiles/ports';
import { viewProfile } from '../profiles/view-profile';
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { type Comparison, compareStudents } from './comparison';
import type { MatchPerson } from './compatibility';
import type { DiscoveryRepository, SwipeRepository } from './ports';

export const COMPARISON_MESSAGES = {
  self: 'Choose another student to compare with.',
} as const;

const NO_ANSWERS: MatchPerson = { gender: null, preferences: null, pets: null };

export async function getComparison(
  deps: Pick<ProfileDeps, 'profiles'> & { discovery: DiscoveryRepository; swipes: SwipeRepository },
  viewerId: string,
  targetId: string,
): Promise<Result<{ comparison: Comparison; conversationId: string | null }, DomainError>> {
  if (viewerId === targetId) {
    return err(
      new DomainError('VALIDATION', COMPARISON_MESSAGES.self, [{ path: 'userId', message: COMPARISON_MESSAGES.self }]),
    );
  }
  const visible = await viewProfile(deps, viewerId, targetId);
  if (!visible.ok) return visible;
  const [me, them, swipe] = await Promise.all([
    deps.discovery.viewer(viewerId),
    deps.discovery.viewer(targetId),
    deps.swipes.get(viewerId, targetId),
  ]);
  // A viewer who has not answered yet sees every factor as theirs to answer.
  const comparison = compareStudents(me?.person ?? NO_ANSWERS, them?.person ?? NO_ANSWERS);
  return ok({
    comparison,
    conversationId: swipe?.status === 'matched' ? conversationIdFor(viewerId, targetId) : null,
  });
}
