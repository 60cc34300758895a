import type { EmailToken, EmailTokenPurpose } from './model';
import { isTokenUsable } from './policy';
import type { AccountDeps } from './ports';

/**
 * Spends a single-use e-mail token (D6): it must exist, be for this purpose, be unexpired and
 * unused; of two concurrent requests with the same token only one gets it.
 */
export async function consumeEmailToken(
  deps: Pick<AccountDeps, 'emailTokens' | 'digest'>,
  rawToken: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<EmailToken | null> {
  const token = await deps.emailTokens.findByHash(deps.digest.digest(rawToken));
  if (token?.purpose !== purpose || !isTokenUsable(token, now)) return null;
  return (await deps.emailTokens.consume(token.id, now)) ? token : null;
}
