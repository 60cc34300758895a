/** Session cookies (D6): a 15-minute access JWT and a rotating 30-day refresh token. */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import type { AccessTokenSigner, UserRepository } from '../../core/accounts/ports';
import type { IssuedSession } from '../../core/accounts/sessions';
import { unauthenticated } from '../../core/shared/errors';
import type { AppEnv, SessionUser } from '../context';
import { DomainFailure } from '../errors';
import { requestHeader } from './fast-path';

export type CookieNames = { access: string; refresh: string; secure: boolean };

/** Outside development cookies are Secure with the __Host- prefix (bound to this host, path /). */
export const cookieNames = (secure: boolean): CookieNames =>
  secure ? { access: '__Host-nm_at', refresh: '__Host-nm_rt', secure } : { access: 'nm_at', refresh: 'nm_rt', secure };

export function setSessionCookies(c: Context, names: CookieNames, session: IssuedSession): void {
  const base = { httpOnly: true, sameSite: 'Lax', secure: names.secure, path: '/' } as const;
  setCookie(c, names.access, session.accessToken, { ...base, expires: session.accessExpiresAt });
  setCookie(c, names.refresh, session.refreshToken, { ...base, expires: session.refreshExpiresAt });
}

export function clearSessionCookies(c: Context, names: CookieNames): void {
  const base = { path: '/', secure: names.secure } as const;
  deleteCookie(c, names.access, base);
  deleteCookie(c, names.refresh, base);
}

/**
 * One cookie of the request, read from node's parsed headers when there (N182). A browser sends the
 * same Cookie header for many requests in a row, so the value found in each of the last headers seen
 * is kept: parsing checks every character of a 300-byte token against the cookie grammar.
 */
const COOKIE_MEMO_MAX = 1_000;
const cookieMemo = new Map<string, Map<string, string | undefined>>();
function readCookie(c: Context, name: string): string | undefined {
  const header = requestHeader(c, 'cookie');
  if (!header) return undefined;
  let memo = cookieMemo.get(name);
  if (!memo) {
    memo = new Map();
    cookieMemo.set(name, memo);
  }
  if (memo.has(header)) return memo.get(header);
  const value = parse(header, name)[name];
  if (memo.size >= COOKIE_MEMO_MAX) memo.clear();
  memo.set(header, value);
  return value;
}

export const readRefreshCookie = (c: Context, names: CookieNames): string | null =>
  readCookie(c, names.refresh) ?? null;

/**
 * Resolves the signed-in user when a valid access token is present. The token alone is not
 * enough: its session family must still be live and the account active, so sign-out,
 * password reset and suspension end access at once.
 */
export type SessionDeps = {
  names: CookieNames;
  accessTokens: AccessTokenSigner;
  users: Pick<UserRepository, 'sessionUser'>;
};

/** A signed-in session and when its access token expires. */
export type AccessSession = { user: SessionUser; expiresAt: Date };

/** The session behind an access token, if it is valid, its family live and the account active. */
async function accessFromToken(deps: SessionDeps, token: string | undefined): Promise<AccessSession | null> {
  if (!token) return null;
  const claims = await deps.accessTokens.verify(token);
  const user = claims ? await deps.users.sessionUser(claims.userId, claims.sessionFamily) : null;
  if (!user || !claims) return null;
  return { user: { id: user.id, email: user.email, sessionFamily: claims.sessionFamily }, expiresAt: claims.expiresAt };
}

export const sessionFromToken = async (deps: SessionDeps, token: string | undefined): Promise<SessionUser | null> =>
  (await accessFromToken(deps, token))?.user ?? null;

/** For the WebSocket upgrade, which arrives outside Hono with a raw Cookie header. */
export const sessionFromCookieHeader = (deps: SessionDeps, header: string | undefined) =>
  accessFromToken(deps, header ? parse(header, deps.names.access)[deps.names.access] : undefined);

/**
 * The same rule as a request's, read afresh for a session already known: its family still live and
 * the account active. An open socket asks it for every frame it receives (issue 14).
 */
export const isSessionLive = async (deps: SessionDeps, user: SessionUser): Promise<boolean> =>
  (await deps.users.sessionUser(user.id, user.sessionFamily)) !== null;

export function sessionMiddleware(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await sessionFromToken(deps, readCookie(c, deps.names.access));
    if (user) c.set('user', user);
    await next();
  };
}

/** For handlers of signed-in routes: the user, or a 401 problem. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new DomainFailure(unauthenticated());
  return user;
}
