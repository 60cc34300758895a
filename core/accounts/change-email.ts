/**
 * Changing the address (issue 16 §1): the new .edu address is kept as pending, a link goes to it
 * and a notice to the old one; opening the link swaps the address and derives the school again.
 * An address another account has answers exactly like a free one (no enumeration, D8).
 */
import { type DomainError, rateLimited, validationError } from '../shared/errors';
import { ipKey, reserveAll } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { accountErrors } from './errors';
import { emailChangeMail, emailChangeNoticeMail } from './mails';
import { RATE_LIMITS } from './policy';
import type { AccountDeps, RequestContext } from './ports';
import { ACCOUNT_MESSAGES, emailChangeErrors, normalizeEmail } from './rules';
import { schoolOfEmail } from './school';

type ChangeDeps = Pick<
  AccountDeps,
  | 'clock'
  | 'ids'
  | 'secrets'
  | 'users'
  | 'emailTokens'
  | 'hasher'
  | 'digest'
  | 'mailer'
  | 'rateLimiter'
  | 'securityLog'
  | 'appUrl'
>;

export async function requestEmailChange(
  deps: ChangeDeps,
  userId: string,
  input: { newEmail: string; password: string },
  ctx: RequestContext,
): Promise<Result<{ sent: true; pendingEmail: string }, DomainError>> {
  const fields = emailChangeErrors(input);
  if (fields.length > 0) return err(validationError(fields));
  const now = deps.clock.now();
  // N40: reserved before argon2 and the mails, kept whatever the outcome (like a resend).
  const limit = await reserveAll(
    deps.rateLimiter,
    [
      [`email-change:user:${userId}`, RATE_LIMITS.emailChangePerUser],
      [`mail:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.mailPerIp],
    ],
    now,
  );
  if (!limit.allowed) return err(rateLimited(limit.retryAfterSeconds));

  const user = await deps.users.findById(userId);
  if (user?.status !== 'active') return err(accountErrors.invalidCredentials());
  if (!(await deps.hasher.verify(user.passwordHash, input.password))) {
    return err(validationError([{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }]));
  }
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === user.email) return err(validationError([{ path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail }]));

  // Kept as pending even when taken, so the answer and what /api/me shows are the same either way.
  await deps.users.setPendingEmail(userId, newEmail, now);
  await deps.emailTokens.invalidateAll(userId, 'change_email', now);
  const taken = (await deps.users.findByEmail(newEmail)) !== null;
  if (!taken) {
    const { token } = await issueEmailToken(deps, userId, 'change_email', now);
    await deps.mailer.send(emailChangeMail(newEmail, deps.appUrl, token));
  }
  await deps.mailer.send(emailChangeNoticeMail(user.email, newEmail));
  await deps.securityLog.record(
    { type: 'email_change_requested', userId, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
  return ok({ sent: true, pendingEmail: newEmail });
}

/** The link's target: the pending address becomes the account's and the school is derived from it. */
export async function confirmEmailChange(
  deps: Pick<AccountDeps, 'clock' | 'users' | 'emailTokens' | 'digest' | 'schools' | 'securityLog'>,
  input: { token: string },
  ctx: RequestContext,
): Promise<Result<{ userId: string; verifiedUniversity: string | null }, DomainError>> {
  const now = deps.clock.now();
  const token = await consumeEmailToken(deps, input.token, 'change_email', now);
  if (!token) return err(accountErrors.invalidToken());
  const pending = (await deps.users.findById(token.userId))?.pendingEmail ?? null;
  if (!pending) return err(accountErrors.invalidToken());
  const school = schoolOfEmail(pending, deps.schools.schoolDomains());
  const outcome = await deps.users.confirmPendingEmail(token.userId, pending, school, now);
  if (outcome !== 'changed') return err(accountErrors.invalidToken());
  // Links sent to the old address no longer speak for the account.
  await deps.emailTokens.invalidateAll(token.userId, 'reset_password', now);
  await deps.emailTokens.invalidateAll(token.userId, 'confirm_email', now);
  await deps.securityLog.record(
    { type: 'email_changed', userId: token.userId, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
  return ok({ userId: token.userId, verifiedUniversity: school });
}
