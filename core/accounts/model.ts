/** Account entities as core sees them (000 §3, D6). Adapters map rows to these. */
export type UserStatus = 'active' | 'suspended' | 'deleted';

export type User = {
  id: string;
  email: string;
  passwordHash: string;
  emailConfirmedAt: Date | null;
  status: UserStatus;
  createdAt: Date;
  /** A new address waiting for its link (issue 16 §1); the account keeps `email` until then. */
  pendingEmail?: string | null;
};

/** `pending_sign_in` is no e-mail: it binds a confirmation to the browser that signed up (issue 17, N67). */
export type EmailTokenPurpose = 'confirm_email' | 'reset_password' | 'change_email' | 'pending_sign_in';

export type EmailToken = {
  id: string;
  userId: string;
  purpose: EmailTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
};

export type RefreshToken = {
  id: string;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
};

export type Agreement = {
  userId: string;
  tosAccepted: boolean;
  tosAcceptedAt: Date | null;
  privacyAccepted: boolean;
  privacyAcceptedAt: Date | null;
  marketingAccepted: boolean;
  marketingAcceptedAt: Date | null;
  userAgent: string | null;
  ipAddress: string | null;
};

/** What the client learns about the signed-in user (GET /api/me). */
export type Me = {
  id: string;
  email: string;
  hasAgreement: boolean;
  hasProfile: boolean;
  isAdmin: boolean;
  /** The school the confirmed address belongs to, or null for a domain not in the reference data (issue 16). */
  verifiedUniversity: string | null;
  /** The profile's school is the derived one (the same meaning as other students' badge). */
  schoolVerified: boolean;
  /** A requested new address not confirmed yet. */
  pendingEmail: string | null;
};
