/** Contracts of the accounts routes (docs/api-accounts.md). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const Email = z.string().max(1000).openapi({ example: 'sam.lee@ucla.edu' });
// Generous cap so a huge password cannot make argon2 work for nothing; the policy is in core.
const Password = z.string().max(1000).openapi({ example: 'Str0ng!Pass' });

const Credentials = z.strictObject({ email: Email, password: Password }).openapi('Credentials');

export const MeSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    hasAgreement: z.boolean(),
    hasProfile: z.boolean(),
    isAdmin: z.boolean(),
    verifiedUniversity: z.string().nullable().openapi({
      description: 'The school the confirmed address belongs to; null for a domain not in the reference data',
    }),
    schoolVerified: z.boolean().openapi({ description: "The profile's school is the derived one" }),
    pendingEmail: z.string().nullable().openapi({ description: 'A requested new address waiting for its link' }),
  })
  .openapi('Me');

const UserEnvelope = z.object({ user: MeSchema });
const Sent = z.object({ sent: z.literal(true) });

const tags = ['Accounts'];

export const signUpRoute = createRoute({
  method: 'post',
  path: '/api/auth/sign-up',
  tags,
  summary: 'Create an account and send the confirmation e-mail',
  'x-access': 'anonymous',
  request: { body: jsonBody(Credentials) },
  responses: {
    201: jsonResponse(z.object({ email: z.string() }), 'Account created; confirmation e-mail sent'),
    ...problems([409, 429], { body: true, mutating: true }),
  },
});

export const resendConfirmationRoute = createRoute({
  method: 'post',
  path: '/api/auth/resend-confirmation',
  tags,
  summary: 'Send the confirmation e-mail again (always answers sent)',
  'x-access': 'anonymous',
  request: { body: jsonBody(z.strictObject({ email: Email })) },
  responses: {
    200: jsonResponse(Sent, 'Sent if the address has an unconfirmed account'),
    ...problems([429], { body: true, mutating: true }),
  },
});

export const confirmEmailRoute = createRoute({
  method: 'get',
  path: '/api/auth/confirm',
  tags,
  summary: 'Confirmation link target: confirms the e-mail and redirects to the site root',
  description:
    'Opened in the browser that signed up (its short-lived HttpOnly pending sign-in cookie matches the account), the link also signs the student in and sets the session cookies. Anywhere else it only confirms, and the student signs in with the password (N67).',
  'x-access': 'anonymous',
  request: { query: z.object({ token: z.string().max(200).optional() }) },
  responses: {
    302: { description: 'Redirect to /?confirmed=1, or /?confirm_error=1 for a bad, used or expired link' },
    ...problems([400]),
  },
});

export const signInRoute = createRoute({
  method: 'post',
  path: '/api/auth/sign-in',
  tags,
  summary: 'Sign in with e-mail and password; sets the session cookies',
  'x-access': 'anonymous',
  request: { body: jsonBody(Credentials) },
  responses: {
    200: jsonResponse(UserEnvelope, 'Signed in'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const signOutRoute = createRoute({
  method: 'post',
  path: '/api/auth/sign-out',
  tags,
  summary: 'Sign out: revokes the session and clears the cookies',
  'x-access': 'anonymous',
  responses: { 204: { description: 'Signed out' }, ...problems([], { mutating: true }) },
});

export const refreshRoute = createRoute({
  method: 'post',
  path: '/api/auth/refresh',
  tags,
  summary: 'Rotate the refresh token and issue a new access token',
  'x-access': 'anonymous',
  responses: { 200: jsonResponse(UserEnvelope, 'Session renewed'), ...problems([401, 429], { mutating: true }) },
});

export const requestResetRoute = createRoute({
  method: 'post',
  path: '/api/auth/password-reset',
  tags,
  summary: 'Send a password-reset link (always answers sent)',
  'x-access': 'anonymous',
  request: { body: jsonBody(z.strictObject({ email: Email })) },
  responses: {
    200: jsonResponse(Sent, 'Sent if the address has an account'),
    ...problems([429], { body: true, mutating: true }),
  },
});

export const confirmResetRoute = createRoute({
  method: 'post',
  path: '/api/auth/password-reset/confirm',
  tags,
  summary: 'Set a new password with the token from the reset link',
  'x-access': 'anonymous',
  request: { body: jsonBody(z.strictObject({ token: z.string().max(200), password: Password })) },
  responses: {
    200: jsonResponse(z.object({ reset: z.literal(true) }), 'Password changed; every session ended'),
    ...problems([], { body: true, mutating: true }),
  },
});

export const meRoute = createRoute({
  method: 'get',
  path: '/api/me',
  tags,
  summary: 'The signed-in user, or null when signed out',
  description:
    'With no session cookie at all the answer is 200 with `user: null`, so a signed-out page logs no error (issue 17). A session whose access token has lapsed (a refresh cookie is present) still answers 401, so the client renews it.',
  'x-access': 'anonymous',
  responses: {
    200: jsonResponse(z.object({ user: z.union([MeSchema, z.null()]) }), 'The current user, or null'),
    ...problems([401]),
  },
});

export const requestEmailChangeRoute = createRoute({
  method: 'post',
  path: '/api/me/email',
  tags,
  summary: 'Ask to change the address: a link goes to the new .edu address, a notice to the current one',
  description:
    'The address changes, and the school is derived again, only when the link is opened. An address another account has answers the same as a free one.',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ newEmail: Email, password: Password })) },
  responses: {
    202: jsonResponse(
      z.object({ sent: z.literal(true), pendingEmail: z.string() }),
      'Sent to the new address if it can be used',
    ),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const confirmEmailChangeRoute = createRoute({
  method: 'get',
  path: '/api/auth/confirm-email-change',
  tags,
  summary: 'Address-change link target: swaps the address, derives the school, redirects to Settings',
  'x-access': 'anonymous',
  request: { query: z.object({ token: z.string().max(200).optional() }) },
  responses: {
    302: {
      description:
        'Redirect to /settings?email_changed=1, or /settings?email_change_error=1 for a bad, used or expired link',
    },
    ...problems([400]),
  },
});

export const AgreementSchema = z
  .strictObject({
    tos_accepted: z.boolean(),
    privacy_accepted: z.boolean(),
    marketing_accepted: z.boolean(),
    accepted_at: z.string().max(100).nullable(),
    user_agent: z.string().max(1000).nullable(),
  })
  .openapi('Agreement');

export const saveAgreementRoute = createRoute({
  method: 'post',
  path: '/api/agreements',
  tags,
  summary: 'Record acceptance of the Terms of Service and Privacy Policy',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(AgreementSchema) },
  responses: {
    201: jsonResponse(z.object({ saved: z.literal(true) }), 'Agreement recorded'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

const MarketingEmails = z
  .object({ enabled: z.boolean().openapi({ description: 'Tips and product updates by e-mail' }) })
  .openapi('MarketingEmails');

export const getMarketingEmailsRoute = createRoute({
  method: 'get',
  path: '/api/me/marketing-emails',
  tags,
  summary: 'Whether the student receives marketing e-mail (the latest agreement choice)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(MarketingEmails, 'The current choice'), ...problems([401]) },
});

export const setMarketingEmailsRoute = createRoute({
  method: 'put',
  path: '/api/me/marketing-emails',
  tags,
  summary: 'Turn marketing e-mail on or off (Settings); recorded like the agreement, with time, IP and user agent',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ enabled: z.boolean() })) },
  responses: {
    200: jsonResponse(MarketingEmails, 'Saved'),
    ...problems([400, 401, 429], { body: true, mutating: true }),
  },
});

export const passwordStrengthRoute = createRoute({
  method: 'post',
  path: '/api/password-strength',
  tags,
  summary: 'Check a password against the policy (validate_password_strength)',
  'x-access': 'anonymous',
  request: { body: jsonBody(z.strictObject({ password: Password })) },
  responses: {
    200: jsonResponse(z.object({ valid: z.boolean(), errors: z.array(z.string()) }), 'The policy verdict'),
    ...problems([], { body: true, mutating: true }),
  },
});
