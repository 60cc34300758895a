/** The Terms and Privacy agreement (000 §3, §5; 001 §5): both required, marketing optional. */
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { accountErrors } from './errors';
import type { AccountDeps, RequestContext } from './ports';
import { agreementErrors, type PendingAgreement } from './rules';

export async function saveAgreement(
  deps: Pick<AccountDeps, 'clock' | 'agreements'>,
  userId: string,
  input: PendingAgreement,
  ctx: RequestContext,
): Promise<Result<{ saved: true }, DomainError>> {
  if (agreementErrors(input).length > 0) return err(accountErrors.agreementRequired());
  const now = deps.clock.now();
  // Each acceptance time is set only for what was accepted (000 §3), and it is the server's time.
  await deps.agreements.save(
    {
      userId,
      tosAccepted: input.tos_accepted,
      tosAcceptedAt: input.tos_accepted ? now : null,
      privacyAccepted: input.privacy_accepted,
      privacyAcceptedAt: input.privacy_accepted ? now : null,
      marketingAccepted: input.marketing_accepted,
      marketingAcceptedAt: input.marketing_accepted ? now : null,
      userAgent: (input.user_agent ?? ctx.userAgent)?.slice(0, 512) ?? null,
      ipAddress: ctx.ip,
    },
    now,
  );
  return ok({ saved: true });
}
