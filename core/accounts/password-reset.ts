/** Two-step password reset (000 §2; D6: single-use, 1 h; D8: always answers "sent"). */
import { type DomainError, rateLimited, validationError } from '../shared/errors';
import { ipKey, reserveAll } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { accountErrors } from './errors';
import { passwordResetMail } from './mails';
import { RATE_LIMITS } from './policy';
import type { AccountDeps, RequestContext } from './ports';
import { normalizeEmail, passwordErrors, resetRequestErrors } from './rules';
import { confirmAddress } from './sign-up';

export async function requestPasswordReset(
  deps: Pick<
    AccountDeps,
    'clock' | 'ids' | 'secrets' | 'users' | 'emailTokens' | 'digest' | 'mailer' | 'rateLimiter' | 'appUrl'
  >,
  input: { email: string },
  ctx: RequestContext,
): Promise<Result<{ sent: true }, DomainError>> {
  const fields = resetRequestErrors(input);
  if (fields.length > 0) return err(validationError(fields));
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  // Every request counts (kept, never released); an address at its limit gives back the IP's unit.
  const limit = await reserveAll(
    deps.rateLimiter,
    [
      [`reset:email:${email}`, RATE_LIMITS.resetPerEmail],
      [`mail:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.mailPerIp],
    ],
    now,
  );
  if (!limit.allowed) return err(rateLimited(limit.retryAfterSeconds));
  const user = await deps.users.findByEmail(email);
  if (user && user.status === 'active') {
    const { token } = await issueEmailToken(deps, user.id, 'reset_password', now, { replace: true });
    await deps.mailer.send(passwordResetMail(email, deps.appUrl, token));
  }
  return ok({ sent: true });
}

export async function resetPassword(
  deps: Pick<
    AccountDeps,
    | 'clock'
    | 'users'
    | 'emailTokens'
    | 'refreshTokens'
    | 'hasher'
    | 'digest'
    | 'securityLog'
    | 'sessionEndings'
    | 'schools'
  >,
  input: { token: string; password: string },
  ctx: RequestContext,
): Promise<Result<{ reset: true }, DomainError>> {
  const problems = passwordErrors(input.password);
  if (problems.length > 0) return err(validationError(problems.map((message) => ({ path: 'password', message }))));
  const now = deps.clock.now();
  const token = await consumeEmailToken(deps, input.token, 'reset_password', now);
  if (!token) return err(accountErrors.invalidToken());
  await deps.users.updatePasswordHash(token.userId, await deps.hasher.hash(input.password), now);
  // Having the mailbox proves the address, so a reset also confirms it (and derives the school,
  // issue 16); every session ends, and an address change someone else asked for is dropped.
  await confirmAddress(deps, token.userId, now);
  await deps.emailTokens.invalidateAll(token.userId, 'change_email', now);
  await deps.users.setPendingEmail(token.userId, null, now);
  await deps.refreshTokens.revokeAllForUser(token.userId, now);
  await deps.sessionEndings.ended(token.userId, null);
  await deps.securityLog.record(
    { type: 'password_reset', userId: token.userId, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
  return ok({ reset: true });
}
