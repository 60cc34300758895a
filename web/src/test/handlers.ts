import { HttpResponse, http } from 'msw';
import {
  ACCOUNT_MESSAGES,
  emailChangeErrors,
  isPendingAgreement,
  normalizeEmail,
  resetRequestErrors,
  signInErrors,
  signUpErrors,
} from '../../../core/accounts/rules';
import type { Me } from '../lib/api-types';
import { adminHandlers } from './admin-handlers';
import { billingHandlers } from './billing-handlers';
import { db } from './db';
import { discoveryHandlers } from './discovery-handlers';
import { groupsHandlers } from './groups-handlers';
import { hiddenWordsHandlers } from './hidden-words-handlers';
import { messagingHandlers } from './messaging-handlers';
import { notificationsHandlers } from './notifications-handlers';
import { profileHandlers } from './profile-handlers';
import { settingsHandlers } from './settings-handlers';
import { verificationHandlers } from './verification-handlers';

/** Test switches for GET /api/config. */
export const testConfig = { ageGateEnabled: true };

export const problem = (status: number, code: string, detail: string, errors?: { path: string; message: string }[]) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title: code, status, detail, code, errors },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const validation = (errors: { path: string; message: string }[]) =>
  problem(400, 'VALIDATION', errors[0]?.message ?? 'Invalid input detected', errors);

const unauthenticated = () => problem(401, 'AUTH.UNAUTHENTICATED', 'User not authenticated');

const findUserByEmail = (email: string) => db.user.findFirst({ where: { email: { equals: normalizeEmail(email) } } });

function currentUser() {
  const session = db.session.getAll()[0];
  return session ? db.user.findFirst({ where: { id: { equals: session.userId } } }) : null;
}

const toMe = (user: NonNullable<ReturnType<typeof currentUser>>): Me => ({
  id: user.id,
  email: user.email,
  hasAgreement: user.hasAgreement,
  hasProfile: user.hasProfile,
  isAdmin: user.isAdmin,
  verifiedUniversity: user.verifiedUniversity,
  schoolVerified: false,
  pendingEmail: user.pendingEmail,
});

type Credentials = { email: string; password: string };

/** The accounts API of docs/api-accounts.md, backed by the in-memory db. */
export const handlers = [
  http.get('/api/config', () => HttpResponse.json({ ageGateEnabled: testConfig.ageGateEnabled })),

  // Signed out is a plain answer (issue 17); the stale-token 401 is covered in api-client.test.ts.
  http.get('/api/me', () => {
    const user = currentUser();
    return HttpResponse.json({ user: user ? toMe(user) : null });
  }),

  http.post('/api/auth/refresh', () => {
    const user = currentUser();
    return user ? HttpResponse.json({ user: toMe(user) }) : unauthenticated();
  }),

  http.post('/api/auth/sign-up', async ({ request }) => {
    const body = (await request.json()) as Credentials;
    const errors = signUpErrors(body);
    if (errors.length > 0) return validation(errors);
    if (findUserByEmail(body.email))
      return problem(409, 'ACCOUNTS.ALREADY_REGISTERED', ACCOUNT_MESSAGES.alreadyRegistered);
    const email = normalizeEmail(body.email);
    db.user.create({
      email,
      password: body.password,
      confirmed: false,
      hasAgreement: false,
      hasProfile: false,
      isAdmin: false,
      verifiedUniversity: null,
      pendingEmail: null,
    });
    db.mail.create({ to: email, kind: 'confirmation' });
    return HttpResponse.json({ email }, { status: 201 });
  }),

  http.post('/api/auth/resend-confirmation', async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    const user = findUserByEmail(email);
    if (user && !user.confirmed) db.mail.create({ to: user.email, kind: 'confirmation' });
    return HttpResponse.json({ sent: true });
  }),

  http.post('/api/auth/sign-in', async ({ request }) => {
    const body = (await request.json()) as Credentials;
    const errors = signInErrors(body);
    if (errors.length > 0) return validation(errors);
    const user = findUserByEmail(body.email);
    if (!user || user.password !== body.password) {
      return problem(401, 'ACCOUNTS.INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!user.confirmed) return problem(403, 'ACCOUNTS.EMAIL_NOT_CONFIRMED', ACCOUNT_MESSAGES.emailNotConfirmed);
    db.session.create({ userId: user.id });
    return HttpResponse.json({ user: toMe(user) });
  }),

  http.post('/api/auth/sign-out', () => {
    db.session.deleteMany({ where: { id: { notEquals: '' } } });
    return new HttpResponse(null, { status: 204 });
  }),

  http.post('/api/auth/password-reset', async ({ request }) => {
    const body = (await request.json()) as { email: string };
    const errors = resetRequestErrors(body);
    if (errors.length > 0) return validation(errors);
    const user = findUserByEmail(body.email);
    if (user) db.mail.create({ to: user.email, kind: 'password-reset' });
    return HttpResponse.json({ sent: true });
  }),

  http.post('/api/auth/password-reset/confirm', async ({ request }) => {
    const body = (await request.json()) as { token: string; password: string };
    if (body.token !== 'good-token') return problem(400, 'ACCOUNTS.INVALID_TOKEN', ACCOUNT_MESSAGES.invalidToken);
    return HttpResponse.json({ reset: true });
  }),

  // Issue 16 §1: the same answer whether or not the address is taken; the link goes to the new one.
  http.post('/api/me/email', async ({ request }) => {
    const user = currentUser();
    if (!user) return unauthenticated();
    const body = (await request.json()) as { newEmail: string; password: string };
    const errors = emailChangeErrors(body);
    if (errors.length > 0) return validation(errors);
    if (body.password !== user.password) {
      return validation([{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }]);
    }
    const pendingEmail = normalizeEmail(body.newEmail);
    if (pendingEmail === user.email) return validation([{ path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail }]);
    db.user.update({ where: { id: { equals: user.id } }, data: { pendingEmail } });
    if (!findUserByEmail(pendingEmail)) db.mail.create({ to: pendingEmail, kind: 'email-change' });
    db.mail.create({ to: user.email, kind: 'email-change-notice' });
    return HttpResponse.json({ sent: true, pendingEmail }, { status: 202 });
  }),

  http.post('/api/agreements', async ({ request }) => {
    const user = currentUser();
    if (!user) return unauthenticated();
    const body: unknown = await request.json();
    if (!isPendingAgreement(body)) return validation([{ path: 'body', message: 'Invalid input detected' }]);
    if (!body.tos_accepted || !body.privacy_accepted) {
      return problem(400, 'ACCOUNTS.AGREEMENT_REQUIRED', ACCOUNT_MESSAGES.agreementRequired);
    }
    db.agreement.create({ userId: user.id, ...body });
    db.user.update({ where: { id: { equals: user.id } }, data: { hasAgreement: true } });
    return HttpResponse.json({ saved: true }, { status: 201 });
  }),

  // Issue 17: the marketing choice is the newest agreement row's; a change appends one.
  http.get('/api/me/marketing-emails', () => {
    const user = currentUser();
    if (!user) return unauthenticated();
    const rows = db.agreement.findMany({ where: { userId: { equals: user.id } } });
    return HttpResponse.json({ enabled: rows[rows.length - 1]?.marketing_accepted ?? false });
  }),

  http.put('/api/me/marketing-emails', async ({ request }) => {
    const user = currentUser();
    if (!user) return unauthenticated();
    const { enabled } = (await request.json()) as { enabled: boolean };
    const rows = db.agreement.findMany({ where: { userId: { equals: user.id } } });
    const last = rows[rows.length - 1];
    if (!last) return problem(400, 'ACCOUNTS.AGREEMENT_REQUIRED', ACCOUNT_MESSAGES.agreementRequired);
    if (last.marketing_accepted !== enabled) {
      db.agreement.create({ ...last, id: undefined, marketing_accepted: enabled, user_agent: navigator.userAgent });
    }
    return HttpResponse.json({ enabled });
  }),

  http.post('/api/log-consent', async ({ request }) => {
    const body = (await request.json()) as {
      consentType: string;
      consentGiven: boolean;
      consentMethod: string;
      consentVersion: string;
      legalBasis: string;
    };
    db.consentLog.create(body);
    return HttpResponse.json({ logged: true }, { status: 201 });
  }),

  http.post('/api/security-events', async ({ request }) => {
    const body = (await request.json()) as { event_type: string; event_details: { referrer: string } };
    db.securityEvent.create({ event_type: body.event_type, referrer: body.event_details.referrer });
    return HttpResponse.json({ logged: true }, { status: 202 });
  }),

  ...profileHandlers,
  // Before discovery: its premium status answers first for users with a seeded subscription.
  ...billingHandlers,
  ...discoveryHandlers,
  ...groupsHandlers,
  ...messagingHandlers,
  ...settingsHandlers,
  ...hiddenWordsHandlers,
  ...notificationsHandlers,
  ...adminHandlers,
  ...verificationHandlers,
];
