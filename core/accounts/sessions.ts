/** Sign-in, rotating refresh tokens, sign-out (D6, D9; 001 §8 sign-in messages). */
import { type DomainError, rateLimited, unauthenticated, validationError } from '../shared/errors';
import { ipKey, reserveAll } from '../shared/rate-limit';
import { err, ok, type Result } from '../shared/result';
import { accountErrors } from './errors';
import type { Me } from './model';
import { ACCESS_TOKEN_TTL_MS, RATE_LIMITS, REFRESH_TOKEN_TTL_MS } from './policy';
import type { AccountDeps, RequestContext } from './ports';
import { normalizeEmail, signInErrors } from './rules';

export type IssuedSession = {
  me: Me;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
};

type SessionDeps = Pick<
  AccountDeps,
  'clock' | 'ids' | 'secrets' | 'users' | 'refreshTokens' | 'digest' | 'accessTokens' | 'securityLog'
>;
export type SessionStartDeps = SessionDeps;

async function issueSession(deps: SessionDeps, userId: string, familyId: string): Promise<IssuedSession | null> {
  const me = await deps.users.describe(userId);
  if (!me) return null;
  const now = deps.clock.now();
  const refreshToken = deps.secrets.newToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_MS);
  await deps.refreshTokens.create({
    id: deps.ids.newId(),
    userId,
    familyId,
    tokenHash: deps.digest.digest(refreshToken),
    expiresAt: refreshExpiresAt,
    revokedAt: null,
  });
  const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
  const accessToken = await deps.accessTokens.sign({ userId, sessionFamily: familyId }, accessExpiresAt);
  return { me, accessToken, accessExpiresAt, refreshToken, refreshExpiresAt };
}

/** A new session for an already-verified user, logged as a sign-in (`via` says how, N67). */
export async function startSession(
  deps: SessionDeps,
  userId: string,
  ctx: RequestContext,
  via: 'email_confirmation',
): Promise<IssuedSession | null> {
  const session = await issueSession(deps, userId, deps.ids.newId());
  if (session) {
    await deps.securityLog.record(
      { type: 'sign_in_success', userId, ip: ctx.ip, userAgent: ctx.userAgent, details: { via } },
      deps.clock.now(),
    );
  }
  return session;
}

export async function signIn(
  deps: SessionDeps & Pick<AccountDeps, 'hasher' | 'rateLimiter'>,
  input: { email: string; password: string },
  ctx: RequestContext,
): Promise<Result<IssuedSession, DomainError>> {
  const fields = signInErrors(input);
  if (fields.length > 0) return err(validationError(fields));
  const now = deps.clock.now();
  const email = normalizeEmail(input.email);
  // D9 counts failures, but a failure is only known after argon2: each attempt reserves its unit
  // first, so a burst cannot have more passwords checked than the limit (issue 14), and gives it
  // back when the password was right.
  const reservation = await reserveAll(
    deps.rateLimiter,
    [
      [`sign-in:email:${email}`, RATE_LIMITS.signInFailuresPerEmail],
      [`sign-in:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.signInFailuresPerIp],
    ],
    now,
  );
  const refuse = async (retryAfterSeconds: number) => {
    await deps.securityLog.record(
      { type: 'rate_limited', userId: null, ip: ctx.ip, userAgent: ctx.userAgent, details: { action: 'sign_in' } },
      now,
    );
    return err(rateLimited(retryAfterSeconds));
  };
  if (!reservation.allowed) return refuse(reservation.retryAfterSeconds);
  // Every attempt also spends from the address's budget of attempts, kept whatever the outcome:
  // a right password costs argon2 and a session too (issue 14 item 7).
  const attempt = await deps.rateLimiter.reserve(
    `sign-in-attempt:ip:${ipKey(ctx.ip)}`,
    RATE_LIMITS.signInAttemptsPerIp,
    now,
  );
  if (!attempt.allowed) {
    await reservation.release();
    return refuse(attempt.retryAfterSeconds);
  }
  const user = await deps.users.findByEmail(email);
  let valid = false;
  if (user) valid = await deps.hasher.verify(user.passwordHash, input.password);
  else await deps.hasher.verifyDummy(input.password);

  if (!user || !valid || user.status === 'deleted') {
    await deps.securityLog.record(
      { type: 'sign_in_failure', userId: user?.id ?? null, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
      now,
    );
    return err(accountErrors.invalidCredentials());
  }
  await reservation.release();
  if (user.emailConfirmedAt === null) return err(accountErrors.emailNotConfirmed());
  if (user.status === 'suspended') return err(accountErrors.suspended());

  const session = await issueSession(deps, user.id, deps.ids.newId());
  if (!session) return err(accountErrors.invalidCredentials());
  await deps.securityLog.record(
    { type: 'sign_in_success', userId: user.id, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
  return ok(session);
}

/**
 * Rotates a refresh token. Presenting one that was already rotated means it leaked or was
 * replayed: the whole family is revoked (D6).
 */
export async function refreshSession(
  deps: SessionDeps & Pick<AccountDeps, 'sessionEndings' | 'rateLimiter'>,
  input: { refreshToken: string },
  ctx: RequestContext,
): Promise<Result<IssuedSession, DomainError>> {
  const now = deps.clock.now();
  const token = await deps.refreshTokens.findByHash(deps.digest.digest(input.refreshToken));
  if (!token) return err(unauthenticated());
  if (token.revokedAt !== null) {
    await deps.refreshTokens.revokeFamily(token.familyId, now);
    await deps.sessionEndings.ended(token.userId, token.familyId);
    await deps.securityLog.record(
      { type: 'refresh_token_reuse', userId: token.userId, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
      now,
    );
    return err(unauthenticated());
  }
  if (token.expiresAt.getTime() <= now.getTime()) return err(unauthenticated());
  const user = await deps.users.findById(token.userId);
  if (user?.status !== 'active') return err(unauthenticated());
  // Each rotation stores a row, so a live token cannot be looped (issue 14 item 7). Counted only
  // here, where the user is known, and after the replay check, which must revoke whatever the
  // limit says. A refusal revokes nothing: the same token works once the window frees up.
  const limit = await reserveAll(
    deps.rateLimiter,
    [
      [`refresh:user:${token.userId}`, RATE_LIMITS.refreshesPerUser],
      [`refresh:ip:${ipKey(ctx.ip)}`, RATE_LIMITS.refreshesPerIp],
    ],
    now,
  );
  if (!limit.allowed) return err(rateLimited(limit.retryAfterSeconds));
  // Only one of two concurrent refreshes with the same token can revoke it and continue.
  if (!(await deps.refreshTokens.revoke(token.id, now))) {
    await limit.release();
    return err(unauthenticated());
  }
  const session = await issueSession(deps, token.userId, token.familyId);
  return session ? ok(session) : err(unauthenticated());
}

export async function signOut(
  deps: Pick<AccountDeps, 'clock' | 'refreshTokens' | 'digest' | 'securityLog' | 'sessionEndings'>,
  input: { refreshToken: string | null; sessionFamily: string | null; userId: string | null },
  ctx: RequestContext,
): Promise<void> {
  const now = deps.clock.now();
  let family = input.sessionFamily;
  let userId = input.userId;
  if (!family && input.refreshToken) {
    const token = await deps.refreshTokens.findByHash(deps.digest.digest(input.refreshToken));
    family = token?.familyId ?? null;
    userId = token?.userId ?? userId;
  }
  if (family) {
    await deps.refreshTokens.revokeFamily(family, now);
    if (userId) await deps.sessionEndings.ended(userId, family);
  }
  await deps.securityLog.record(
    { type: 'sign_out', userId: input.userId, ip: ctx.ip, userAgent: ctx.userAgent, details: {} },
    now,
  );
}
