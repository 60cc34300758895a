/** Capabilities the accounts use cases need; adapters/ provides the technology (style habit 3). */
import type { Clock } from '../shared/clock';
import type { IdGenerator, SecretGenerator } from '../shared/ids';
import type { RateLimiter } from '../shared/rate-limit';
import type { Agreement, EmailToken, EmailTokenPurpose, Me, RefreshToken, User } from './model';
import type { SchoolDomains } from './school';

export type { RateLimiter } from '../shared/rate-limit';

export interface UserRepository {
  findByEmail(email: string): Promise<User | null>;
  findById(id: string): Promise<User | null>;
  /** Returns false when the e-mail is already taken (unique constraint), true when created. */
  create(user: User): Promise<boolean>;
  /**
   * Confirms the address (the first confirmation's time is kept) and records the school its domain
   * belongs to, or null (issue 16 §1).
   */
  markEmailConfirmed(userId: string, verifiedUniversity: string | null, at: Date): Promise<void>;
  /** Confirmed accounts with no derived school (confirmed before N59, or an unknown domain), by id after `after`. */
  confirmedWithoutSchool(after: string, limit: number): Promise<{ id: string; email: string }[]>;
  /** The school the confirmed address gives, or null (unknown domain, unconfirmed, no such user). */
  verifiedUniversity(userId: string): Promise<string | null>;
  /** Keeps a requested new address until its link is opened (the account's stays as it is); null drops it. */
  setPendingEmail(userId: string, email: string | null, at: Date): Promise<void>;
  /**
   * In one transaction: the pending address, if it is still `email`, becomes the account's, the
   * derived school is replaced by `verifiedUniversity`, and a profile at the old derived school
   * moves to the new one (when there is one). 'taken' when another account has the address now
   * (the pending address is dropped); 'stale' when the pending address is another or none.
   */
  confirmPendingEmail(
    userId: string,
    email: string,
    verifiedUniversity: string | null,
    at: Date,
  ): Promise<'changed' | 'taken' | 'stale'>;
  updatePasswordHash(userId: string, hash: string, at: Date): Promise<void>;
  describe(userId: string): Promise<Me | null>;
  /**
   * The account behind an access token, if it is active and its session family still has a
   * live refresh token: access tokens die with their family (docs/decisions.md N3).
   */
  sessionUser(userId: string, familyId: string): Promise<{ id: string; email: string } | null>;
}

/** The reference data's school e-mail domains (issue 16 §1); core matches addresses against them. */
export interface SchoolDirectory {
  schoolDomains(): readonly SchoolDomains[];
}

export interface EmailTokenRepository {
  create(token: EmailToken): Promise<void>;
  findByHash(tokenHash: string): Promise<EmailToken | null>;
  /** Marks the token used only if it is still unused; false when another request won the race. */
  consume(id: string, at: Date): Promise<boolean>;
  invalidateAll(userId: string, purpose: EmailTokenPurpose, at: Date): Promise<void>;
}

export interface RefreshTokenRepository {
  create(token: RefreshToken): Promise<void>;
  findByHash(tokenHash: string): Promise<RefreshToken | null>;
  /** Revokes the token only if it is still live; false when it was already revoked. */
  revoke(id: string, at: Date): Promise<boolean>;
  revokeFamily(familyId: string, at: Date): Promise<void>;
  revokeAllForUser(userId: string, at: Date): Promise<void>;
}

export interface AgreementRepository {
  /** Appends a row: the table is the audit trail of every acceptance and change. */
  save(agreement: Agreement, at: Date): Promise<void>;
  /** The newest row (latest `createdAt`), which holds the current choices. */
  latest(userId: string): Promise<(Agreement & { createdAt: Date }) | null>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Same work as verify against a dummy hash, so unknown e-mails take as long as wrong passwords. */
  verifyDummy(password: string): Promise<void>;
}

export interface TokenDigest {
  /** One-way digest of a random token, for storage (D6: tokens stored hashed). */
  digest(token: string): string;
}

export interface AccessTokenSigner {
  sign(claims: { userId: string; sessionFamily: string }, expiresAt: Date): Promise<string>;
  /** The claims of a valid token, with its expiry (an open socket's access ends then, issue 14). */
  verify(token: string): Promise<{ userId: string; sessionFamily: string; expiresAt: Date } | null>;
}

/**
 * Ends what a session still holds open outside the database: the WebSockets of a session family,
 * or with `null` of every session of the user, close at once on every process (issue 14).
 */
export interface SessionEndings {
  ended(userId: string, sessionFamily: string | null): Promise<void>;
}

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe on the digest (issue 19). */
  headers?: Record<string, string>;
};

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export type SecurityEventType =
  | 'session_start'
  | 'csp_violation'
  | 'sign_in_success'
  | 'sign_in_failure'
  | 'sign_up'
  | 'sign_out'
  | 'password_reset'
  | 'email_change_requested'
  | 'email_changed'
  | 'refresh_token_reuse'
  | 'rate_limited'
  | 'authorization_denied';

export type SecurityEvent = {
  type: SecurityEventType;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** Never passwords, tokens or message bodies. */
  details: Record<string, unknown>;
};

export interface SecurityEventLog {
  record(event: SecurityEvent, at: Date): Promise<void>;
}

export type AccountDeps = {
  clock: Clock;
  ids: IdGenerator;
  secrets: SecretGenerator;
  users: UserRepository;
  emailTokens: EmailTokenRepository;
  refreshTokens: RefreshTokenRepository;
  agreements: AgreementRepository;
  hasher: PasswordHasher;
  digest: TokenDigest;
  accessTokens: AccessTokenSigner;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  securityLog: SecurityEventLog;
  sessionEndings: SessionEndings;
  schools: SchoolDirectory;
  /** Public base URL of the app, for links in e-mails. */
  appUrl: string;
};

/** Who is asking, for rate limits and the security log. */
export type RequestContext = { ip: string | null; userAgent: string | null };
