/** get_icebreaker_suggestions (001 §7): openers from the other participant's profile. */
import type { ProfileRepository } from '../profiles/ports';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import type { ConversationRepository } from './ports';
import { DEFAULT_ICEBREAKERS, icebreakers, messageErrors } from './rules';

export async function suggestIcebreakers(
  deps: { conversations: ConversationRepository; profiles: Pick<ProfileRepository, 'get'> },
  userId: string,
  conversationId: string,
): Promise<Result<string[], DomainError>> {
  const people = await deps.conversations.participants(conversationId);
  if (!people?.includes(userId)) return err(messageErrors.notFound());
  const otherId = people.find((p) => p !== userId);
  const other = otherId ? await deps.profiles.get(otherId) : null;
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
