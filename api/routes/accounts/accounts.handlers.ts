/** Handlers only translate: validated input → use case → response (style habit 7). */
import { OpenAPIHono } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { confirmEmailChange, requestEmailChange } from '../../../core/accounts/change-email';
import { getMarketingEmails, setMarketingEmails } from '../../../core/accounts/marketing-emails';
import { requestPasswordReset, resetPassword } from '../../../core/accounts/password-reset';
import type { AccountDeps } from '../../../core/accounts/ports';
import { passwordErrors } from '../../../core/accounts/rules';
import { saveAgreement } from '../../../core/accounts/save-agreement';
import { refreshSession, signIn, signOut } from '../../../core/accounts/sessions';
import { confirmEmail, resendConfirmation, signUp } from '../../../core/accounts/sign-up';
import { unauthenticated } from '../../../core/shared/errors';
import { WRITE_LIMITS } from '../../../core/shared/rate-limit';
import type { AppEnv } from '../../context';
import { DomainFailure, unwrap } from '../../errors';
import { spendPerActor } from '../../middleware/rate-limit';
import {
  type CookieNames,
  clearSessionCookies,
  readRefreshCookie,
  requireUser,
  setSessionCookies,
} from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './accounts.routes';

export function accountsRouter(deps: AccountDeps, cookies: CookieNames) {
  // The pending sign-in secret (N67), named like the session cookies (__Host- outside development).
  const pendingName = cookies.secure ? '__Host-nm_ps' : 'nm_ps';
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const ctx = (c: { get: (k: 'ip' | 'userAgent') => string | null }) => ({
    ip: c.get('ip'),
    userAgent: c.get('userAgent'),
  });

  app.openapi(routes.signUpRoute, async (c) => {
    const { email, pendingSignIn } = unwrap(await signUp(deps, c.req.valid('json'), ctx(c)));
    // Only this browser holds it, so only here does the confirmation link also sign in (N67).
    setCookie(c, pendingName, pendingSignIn.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: cookies.secure,
      path: '/',
      expires: pendingSignIn.expiresAt,
    });
    return c.json({ email }, 201);
  });

  app.openapi(routes.resendConfirmationRoute, async (c) => {
    return c.json(unwrap(await resendConfirmation(deps, c.req.valid('json'), ctx(c))), 200);
  });

  app.openapi(routes.confirmEmailRoute, async (c) => {
    const { token } = c.req.valid('query');
    const pendingSignIn = getCookie(c, pendingName) ?? null;
    const result = token ? await confirmEmail(deps, { token, pendingSignIn }, ctx(c)) : null;
    if (pendingSignIn && result?.ok) deleteCookie(c, pendingName, { path: '/', secure: cookies.secure });
    if (result?.ok && result.value.session) setSessionCookies(c, cookies, result.value.session);
    return c.redirect(result?.ok ? '/?confirmed=1' : '/?confirm_error=1', 302);
  });

  app.openapi(routes.signInRoute, async (c) => {
    const session = unwrap(await signIn(deps, c.req.valid('json'), ctx(c)));
    setSessionCookies(c, cookies, session);
    return c.json({ user: session.me }, 200);
  });

  app.openapi(routes.signOutRoute, async (c) => {
    const user = c.get('user');
    await signOut(
      deps,
      {
        refreshToken: readRefreshCookie(c, cookies),
        sessionFamily: user?.sessionFamily ?? null,
        userId: user?.id ?? null,
      },
      ctx(c),
    );
    clearSessionCookies(c, cookies);
    return c.body(null, 204);
  });

  app.openapi(routes.refreshRoute, async (c) => {
    const refreshToken = readRefreshCookie(c, cookies);
    if (!refreshToken) throw new DomainFailure(unauthenticated());
    const result = await refreshSession(deps, { refreshToken }, ctx(c));
    if (!result.ok) {
      // A rate-limited refresh keeps the session: the same token works once the window frees up.
      if (result.error.code !== 'RATE_LIMITED') clearSessionCookies(c, cookies);
      throw new DomainFailure(result.error);
    }
    setSessionCookies(c, cookies, result.value);
    return c.json({ user: result.value.me }, 200);
  });

  app.openapi(routes.requestResetRoute, async (c) => {
    return c.json(unwrap(await requestPasswordReset(deps, c.req.valid('json'), ctx(c))), 200);
  });

  app.openapi(routes.confirmResetRoute, async (c) => {
    const value = unwrap(await resetPassword(deps, c.req.valid('json'), ctx(c)));
    clearSessionCookies(c, cookies);
    return c.json(value, 200);
  });

  app.openapi(routes.meRoute, async (c) => {
    const user = c.get('user');
    // Signed out (no refresh cookie either): a plain answer, not an error (issue 17).
    if (!user && !readRefreshCookie(c, cookies)) return c.json({ user: null }, 200);
    const me = await deps.users.describe(requireUser(c).id);
    if (!me) throw new DomainFailure(unauthenticated());
    return c.json({ user: me }, 200);
  });

  app.openapi(routes.requestEmailChangeRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await requestEmailChange(deps, user.id, c.req.valid('json'), ctx(c))), 202);
  });

  app.openapi(routes.confirmEmailChangeRoute, async (c) => {
    const { token } = c.req.valid('query');
    const result = token ? await confirmEmailChange(deps, { token }, ctx(c)) : null;
    return c.redirect(result?.ok ? '/settings?email_changed=1' : '/settings?email_change_error=1', 302);
  });

  app.openapi(routes.saveAgreementRoute, async (c) => {
    const user = requireUser(c);
    await spendPerActor(deps, c, 'agreement', WRITE_LIMITS.agreementsPerUser, WRITE_LIMITS.agreementsPerIp);
    return c.json(unwrap(await saveAgreement(deps, user.id, c.req.valid('json'), ctx(c))), 201);
  });

  app.openapi(routes.getMarketingEmailsRoute, async (c) => {
    return c.json(await getMarketingEmails(deps, requireUser(c).id), 200);
  });

  app.openapi(routes.setMarketingEmailsRoute, async (c) => {
    const user = requireUser(c);
    // Each change is an agreement row, so it spends from the agreement budget.
    await spendPerActor(deps, c, 'agreement', WRITE_LIMITS.agreementsPerUser, WRITE_LIMITS.agreementsPerIp);
    return c.json(unwrap(await setMarketingEmails(deps, user.id, c.req.valid('json'), ctx(c))), 200);
  });

  app.openapi(routes.passwordStrengthRoute, async (c) => {
    const errors = passwordErrors(c.req.valid('json').password);
    return c.json({ valid: errors.length === 0, errors }, 200);
  });

  return app;
}
