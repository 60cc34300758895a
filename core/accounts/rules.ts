/**
 * Account input rules shared by the browser and the server (style habit 8).
 * Messages are verbatim from 000 §5 and 001 §5; the password policy is D7's stronger one.
 */
import type { FieldError } from '../shared/errors';
import { GENERIC_MESSAGES } from '../shared/errors';

export const EMAIL_MAX = 254; // D8, 001 §9
export const PASSWORD_MIN = 8; // D7

export const ACCOUNT_MESSAGES = {
  emailRequired: GENERIC_MESSAGES.required,
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email address is too long',
  emailNotEdu: 'Please enter a valid .edu email address from your university.',
  resetEmailRequired: 'Please enter your email address',
  passwordRequired: GENERIC_MESSAGES.required,
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  passwordWeak: 'Password contains common weak patterns. Please choose a stronger password.',
  alreadyRegistered: 'This email is already registered. Try signing in instead.',
  invalidCredentials: 'Invalid email or password. Please check your credentials.',
  emailNotConfirmed: 'Please check your email and click the verification link before signing in.',
  invalidToken: 'This link is invalid or has expired. Please request a new one.',
  suspended: 'This account has been suspended. Contact support if you think this is a mistake.',
  agreementRequired: 'You must accept the Terms of Service and Privacy Policy to continue',
  wrongPassword: 'That password is not right.',
  sameEmail: 'This is already your address.',
} as const;

/**
 * A valid address (001 §5, D8): the HTML standard's "valid e-mail address" (what a browser's
 * type=email accepts), with at least one dot in the domain. The domain is host labels only, so
 * `x@evil.com?x=.edu` is not an address at all, and the `.edu` rule reads the domain's last label.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@([a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+)$/;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Errors for an e-mail address in order; the first is what a form shows. */
export function emailErrors(raw: string, options: { requireEdu: boolean }): string[] {
  const email = raw.trim();
  if (email.length === 0) return [ACCOUNT_MESSAGES.emailRequired];
  if (email.length > EMAIL_MAX) return [ACCOUNT_MESSAGES.emailTooLong];
  const domain = EMAIL_PATTERN.exec(email)?.[1];
  if (!domain) return [options.requireEdu ? ACCOUNT_MESSAGES.emailNotEdu : ACCOUNT_MESSAGES.emailInvalid];
  if (options.requireEdu && domain.toLowerCase().split('.').at(-1) !== 'edu') return [ACCOUNT_MESSAGES.emailNotEdu];
  return [];
}

const WEAK_PATTERNS: RegExp[] = [/(.)\1{2,}/, /^password/i, /123456/, /qwerty/i];

/** Every password-policy failure (validate_password_strength, 001 §7). */
export function passwordErrors(password: string): string[] {
  if (password.length === 0) return [ACCOUNT_MESSAGES.passwordRequired];
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN) errors.push(ACCOUNT_MESSAGES.passwordTooShort);
  if (!/[A-Z]/.test(password)) errors.push(ACCOUNT_MESSAGES.passwordUpper);
  if (!/[a-z]/.test(password)) errors.push(ACCOUNT_MESSAGES.passwordLower);
  if (!/[0-9]/.test(password)) errors.push(ACCOUNT_MESSAGES.passwordNumber);
  if (!/[^A-Za-z0-9]/.test(password)) errors.push(ACCOUNT_MESSAGES.passwordSpecial);
  if (WEAK_PATTERNS.some((p) => p.test(password))) errors.push(ACCOUNT_MESSAGES.passwordWeak);
  return errors;
}

export function signUpErrors(input: { email: string; password: string }): FieldError[] {
  return [
    ...emailErrors(input.email, { requireEdu: true }).map((message) => ({ path: 'email', message })),
    ...passwordErrors(input.password).map((message) => ({ path: 'password', message })),
  ];
}

/** Sign-in only checks presence and shape; the policy is not revealed at sign-in. */
export function signInErrors(input: { email: string; password: string }): FieldError[] {
  const errors: FieldError[] = emailErrors(input.email, { requireEdu: false }).map((message) => ({
    path: 'email',
    message,
  }));
  if (input.password.length === 0) errors.push({ path: 'password', message: ACCOUNT_MESSAGES.passwordRequired });
  return errors;
}

export function resetRequestErrors(input: { email: string }): FieldError[] {
  if (input.email.trim().length === 0) return [{ path: 'email', message: ACCOUNT_MESSAGES.resetEmailRequired }];
  return emailErrors(input.email, { requireEdu: false }).map((message) => ({ path: 'email', message }));
}

/** A new address (the sign-up rules, D8) and the current password (issue 16 §1). */
export function emailChangeErrors(input: { newEmail: string; password: string }): FieldError[] {
  const errors: FieldError[] = emailErrors(input.newEmail, { requireEdu: true }).map((message) => ({
    path: 'newEmail',
    message,
  }));
  if (input.password.length === 0) errors.push({ path: 'password', message: ACCOUNT_MESSAGES.passwordRequired });
  return errors;
}

/** Pending agreement kept in the browser before sign-in (000 §3, §5). */
export type PendingAgreement = {
  tos_accepted: boolean;
  privacy_accepted: boolean;
  marketing_accepted: boolean;
  accepted_at: string | null;
  user_agent: string | null;
};

/** Structural check of 000 §5: three booleans, accepted_at and user_agent string or null. */
export function isPendingAgreement(value: unknown): value is PendingAgreement {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const strOrNull = (x: unknown) => x === null || typeof x === 'string';
  return (
    typeof v.tos_accepted === 'boolean' &&
    typeof v.privacy_accepted === 'boolean' &&
    typeof v.marketing_accepted === 'boolean' &&
    strOrNull(v.accepted_at) &&
    strOrNull(v.user_agent)
  );
}

export function agreementErrors(a: PendingAgreement): FieldError[] {
  return a.tos_accepted && a.privacy_accepted
    ? []
    : [{ path: 'tos_accepted', message: ACCOUNT_MESSAGES.agreementRequired }];
}
