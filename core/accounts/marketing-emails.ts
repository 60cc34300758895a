/**
 * The marketing e-mail choice in Settings (issue 17): the Terms screen promises it can be changed
 * there. A change appends an agreement row like the first acceptance (server time, IP, user
 * agent), so every choice stays on record (000 §3).
 */
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { accountErrors } from './errors';
import type { AccountDeps, RequestContext } from './ports';

export async function getMarketingEmails(
  deps: Pick<AccountDeps, 'agreements'>,
  userId: string,
): Promise<{ enabled: boolean }> {
  // Nothing accepted yet means nothing opted into.
  return { enabled: (await deps.agreements.latest(userId))?.marketingAccepted ?? false };
}

export async function setMarketingEmails(
  deps: Pick<AccountDeps, 'clock' | 'agreements'>,
  userId: string,
  input: { enabled: boolean },
  ctx: RequestContext,
): Promise<Result<{ enabled: boolean }, DomainError>> {
  const current = await deps.agreements.latest(userId);
  if (!current) return err(accountErrors.agreementRequired());
  if (current.marketingAccepted === input.enabled) return ok({ enabled: input.enabled });
  const now = deps.clock.now();
  // Strictly after the row it replaces, so "newest" is never a tie (N69).
  const at = new Date(Math.max(now.getTime(), current.createdAt.getTime() + 1));
  await deps.agreements.save(
    {
      userId,
      tosAccepted: current.tosAccepted,
      tosAcceptedAt: current.tosAcceptedAt,
      privacyAccepted: current.privacyAccepted,
      privacyAcceptedAt: current.privacyAcceptedAt,
      marketingAccepted: input.enabled,
      marketingAcceptedAt: input.enabled ? at : null,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
      ipAddress: ctx.ip,
    },
    at,
  );
  return ok({ enabled: input.enabled });
}
