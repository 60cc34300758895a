/** Sign-up, confirmation e-mail and its resend (000 §2, §4; D6, D8, D9). */
import { type DomainError, rateLimited, validationError } from '../shared/errors';
import { ipKey, reserveAll } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { consumeEmailToken, issueEmailToken } from './email-tokens';
import { accountErrors } from './errors';
import { confirmationMail } from './mails';
import { RATE_LIMITS } from './policy';
import type { AccountDeps, RequestContext } from './ports';
import { emailErrors, normalizeEmail, signUpErrors } from './rules';
import { schoolOfEmail } from './school';
import { type IssuedSession, type SessionStartDeps, startSession } from './sessions';

type SignUpDeps = Pick<
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

export async function signUp(
  deps: SignUpDeps,
  input: { email: string; password: string },
  ctx: RequestContext,
): Promise<Result<{ email: string; pendingSignIn: { token: string; expiresAt: Date } }, DomainError>> {
  const fields = signUpErrors(input);
  if (fields.length > 0) return err(validationError(fields));
  const now = deps.clock.now();
  const limit = await deps.rateLimiter.reserve(`sign-up:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.signUpPerIp, now);
  if (!limit.allowed) return err(rateLimited(limit.retryAfterSeconds));

  const email = normalizeEmail(input.email);
  if (await deps.users.findByEmail(email)) return err(accountErrors.alreadyRegistered());
  const user = {
    id: deps.ids.newId(),
    email,
    passwordHash: await deps.hasher.hash(input.password),
    emailConfirmedAt: null,
    status: 'active' as const,
    createdAt: now,
  };
  // The unique index decides a race between two identical sign-ups.
  if (!(await deps.users.create(user))) return err(accountErrors.alreadyRegistered());
  await sendConfirmation(deps, user.id, email);
  await deps.securityLog.record(
    { type: 'sign_up', userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
  // The secret for the signing-up browser only (an HttpOnly cookie): with the link it signs in (N67).
  const pendingSignIn = await issueEmailToken(deps, user.id, 'pending_sign_in', now);
  return ok({ email, pendingSignIn });
}

async function sendConfirmation(deps: SignUpDeps, userId: string, email: string): Promise<void> {
  const now = deps.clock.now();
  const { token } = await issueEmailToken(deps, userId, 'confirm_email', now, { replace: true });
  await deps.mailer.send(confirmationMail(email, deps.appUrl, token));
}

/** Always answers the same, whether or not the address exists or is confirmed (D8). */
export async function resendConfirmation(
  deps: SignUpDeps,
  input: { email: string },
  ctx: RequestContext,
): Promise<Result<{ sent: true }, DomainError>> {
  const problems = emailErrors(input.email, { requireEdu: false });
  if (problems.length > 0) return err(validationError(problems.map((message) => ({ path: 'email', message }))));
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  // Every request counts (kept, never released); an address at its limit gives back the IP's unit.
  const limit = await reserveAll(
    deps.rateLimiter,
    [
      [`resend:email:${email}`, RATE_LIMITS.resendPerEmail],
      [`mail:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.mailPerIp],
    ],
    now,
  );
  if (!limit.allowed) return err(rateLimited(limit.retryAfterSeconds));
  const user = await deps.users.findByEmail(email);
  if (user && user.emailConfirmedAt === null && user.status === 'active') await sendConfirmation(deps, user.id, email);
  return ok({ sent: true });
}

/** Confirming the address also gives the student the school its domain belongs to (issue 16 §1). */
/**
 * Confirms the address. The link alone never signs anyone in (N67): only with the pending
 * sign-in secret the same account's sign-up left in this browser, unused and within its hour,
 * does the confirmation also start a session; elsewhere the student signs in with the password.
 */
export async function confirmEmail(
  deps: Pick<AccountDeps, 'clock' | 'users' | 'emailTokens' | 'digest' | 'schools'> & SessionStartDeps,
  input: { token: string; pendingSignIn: string | null },
  ctx: RequestContext,
): Promise<Result<{ userId: string; session: IssuedSession | null }, DomainError>> {
  const now = deps.clock.now();
  const token = await consumeEmailToken(deps, input.token, 'confirm_email', now);
  if (!token) return err(accountErrors.invalidToken());
  await confirmAddress(deps, token.userId, now);
  const pending = input.pendingSignIn
    ? await consumeEmailToken(deps, input.pendingSignIn, 'pending_sign_in', now)
    : null;
  const user = pending?.userId === token.userId ? await deps.users.findById(token.userId) : null;
  const session = user?.status === 'active' ? await startSession(deps, user.id, ctx, 'email_confirmation') : null;
  return ok({ userId: token.userId, session });
}

/** Marks the account's current address confirmed, with the school it derives (sign-up link, reset link). */
export async function confirmAddress(
  deps: Pick<AccountDeps, 'users' | 'schools'>,
  userId: string,
  now: Date,
): Promise<void> {
  const user = await deps.users.findById(userId);
  if (!user) return;
  await deps.users.markEmailConfirmed(userId, schoolOfEmail(user.email, deps.schools.schoolDomains()), now);
}
