import type { EmailToken, EmailTokenPurpose } from './model';
import { isTokenUsable, TOKEN_TTL_MS } from './policy';
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

/**
 * Issues a single-use e-mail token of this purpose (D6), valid for its policy's time: only its
 * digest is stored; the raw token goes into a link or a cookie. `replace` first voids the user's
 * earlier tokens of the same purpose, so only the newest link works.
 */
export async function issueEmailToken(
  deps: Pick<AccountDeps, 'emailTokens' | 'digest' | 'secrets' | 'ids'>,
  userId: string,
  purpose: EmailTokenPurpose,
  now: Date,
  options: { replace?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  if (options.replace) await deps.emailTokens.invalidateAll(userId, purpose, now);
  const token = deps.secrets.newToken();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
  await deps.emailTokens.create({
    id: deps.ids.newId(),
    userId,
    purpose,
    tokenHash: deps.digest.digest(token),
    expiresAt,
    usedAt: null,
  });
  return { token, expiresAt };
}
