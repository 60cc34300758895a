/** get_icebreaker_suggestions (001 §7): openers from the other participant's profile. */
import type { ProfileRepository } from '../profiles/ports';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { visibleMembership } from './conversations';
import type { ConversationRepository } from './ports';
import { DEFAULT_ICEBREAKERS, icebreakers, messageErrors } from './rules';

export async function suggestIcebreakers(
  deps: { conversations: ConversationRepository; profiles: Pick<ProfileRepository, 'get'> },
  userId: string,
  conversationId: string,
): Promise<Result<string[], DomainError>> {
  // Openers quote the other's profile, so they follow the profile view's rule (issue 14).
  const member = await visibleMembership(deps, conversationId, userId);
  if (!member) return err(messageErrors.notFound());
  const other = member.other !== userId ? await deps.profiles.get(member.other) : null;
  if (!other?.basics) return ok([...DEFAULT_ICEBREAKERS].slice(0, 3));
  return ok(
    icebreakers({
      name: other.basics.name,
      major: other.basics.major,
      university: other.basics.university,
      prompts: other.prompts,
      hobbies: other.lifestyle.hobbies,
    }),
  );
}
