import { drop, factory, nullable, primaryKey } from '@mswjs/data';

let sequence = 0;
const nextId = () => `id-${++sequence}`;

/** The in-memory server state behind the msw handlers. */
export const db = factory({
  user: {
    id: primaryKey(nextId),
    email: String,
    password: String,
    confirmed: Boolean,
    hasAgreement: Boolean,
    hasProfile: Boolean,
    isAdmin: Boolean,
    // Issue 16: the school the confirmed address gives (null: not a known school), a pending new address.
    verifiedUniversity: nullable(String),
    pendingEmail: nullable(String),
  },
  session: { id: primaryKey(nextId), userId: String },
  agreement: {
    id: primaryKey(nextId),
    userId: String,
    tos_accepted: Boolean,
    privacy_accepted: Boolean,
    marketing_accepted: Boolean,
    accepted_at: nullable(String),
    user_agent: nullable(String),
  },
  mail: { id: primaryKey(nextId), to: String, kind: String },
  consentLog: {
    id: primaryKey(nextId),
    consentType: String,
    consentGiven: Boolean,
    consentMethod: String,
    consentVersion: String,
    legalBasis: String,
  },
  securityEvent: { id: primaryKey(nextId), event_type: String, referrer: String },
  // The saved profile of a user as JSON (basics, prompts, preferences, lifestyle, completed).
  profile: { userId: primaryKey(String), data: String },
  photo: { id: primaryKey(nextId), userId: String, url: String, position: Number },
  // Discovery (see discovery-handlers.ts): candidates and likers as JSON, swipes, plans, boosts.
  candidate: { userId: primaryKey(String), data: String, likesYou: Boolean, position: Number },
  swipe: { id: primaryKey(nextId), userId: String, targetUserId: String, action: String },
  deckRequest: { id: primaryKey(nextId), body: String },
  // Most Compatible today (issue 21): the pick as JSON; none seeded means no pick today.
  mostCompatible: { userId: primaryKey(String), data: String },
  liker: { userId: primaryKey(String), data: String },
  match: { userId: primaryKey(String), data: String },
  plan: { userId: primaryKey(String), gold: Boolean },
  boost: { userId: primaryKey(String), activeUntil: nullable(String), left: Number },
  // Messaging (see messaging-handlers.ts): conversations as the signed-in user sees them, and messages.
  conversation: { id: primaryKey(String), otherUserId: String, data: String, createdAt: String, hidden: Boolean },
  message: {
    id: primaryKey(nextId),
    seq: Number,
    conversationId: String,
    senderId: String,
    content: String,
    createdAt: String,
    isRead: Boolean,
  },
  // Billing (see billing-handlers.ts): a Gold subscription's details, and the payment calls made.
  subscription: {
    userId: primaryKey(String),
    tier: nullable(String),
    subscriptionEnd: nullable(String),
    cancelled: Boolean,
    hasProvider: Boolean,
  },
  paymentCall: { id: primaryKey(nextId), endpoint: String, body: String },
  // Admin dashboard (see admin-handlers.ts): reports, content flags and accounts as the admin API shows them.
  adminReport: { id: primaryKey(nextId), data: String },
  contentFlag: { id: primaryKey(nextId), status: String, data: String },
  account: { id: primaryKey(nextId), email: String, name: nullable(String), status: String, createdAt: String },
  // The signed-in user's hidden words, in order (see hidden-words-handlers.ts).
  hiddenWord: { id: primaryKey(nextId), word: String },
  // Safety, privacy and feedback (see settings-handlers.ts), for the signed-in user.
  block: {
    id: primaryKey(nextId),
    blockedUserId: String,
    name: String,
    profilePhotoUrl: nullable(String),
    createdAt: String,
  },
  report: {
    id: primaryKey(nextId),
    reportedUserId: String,
    category: String,
    severity: String,
    details: nullable(String),
  },
  contact: {
    id: primaryKey(nextId),
    name: String,
    phone: String,
    relationship: String,
    isPrimary: Boolean,
    createdAt: String,
    updatedAt: String,
  },
  dataRequest: {
    id: primaryKey(nextId),
    requestType: String,
    status: String,
    createdAt: String,
    completedAt: nullable(String),
    expiresAt: nullable(String),
  },
  featureRequest: {
    id: primaryKey(nextId),
    title: String,
    description: String,
    category: String,
    priority: String,
    voteCount: Number,
  },
  vote: { id: primaryKey(nextId), requestId: String, day: String },
  // The signed-in user's notifications, newest first (see notifications-handlers.ts, issue 19).
  notification: {
    id: primaryKey(nextId),
    kind: String,
    title: String,
    body: String,
    link: String,
    createdAt: String,
    read: Boolean,
  },
});

export const resetDb = () => drop(db);

type UserSeed = Partial<{
  email: string;
  password: string;
  confirmed: boolean;
  hasAgreement: boolean;
  hasProfile: boolean;
  isAdmin: boolean;
  verifiedUniversity: string | null;
  pendingEmail: string | null;
}>;

export const VALID_PASSWORD = 'Sunny-Dorm7';

export function seedUser(seed: UserSeed = {}) {
  return db.user.create({
    email: 'alex@stanford.edu',
    password: VALID_PASSWORD,
    confirmed: true,
    hasAgreement: true,
    hasProfile: true,
    isAdmin: false,
    verifiedUniversity: null,
    pendingEmail: null,
    ...seed,
  });
}

/** Seeds a user and an open session for them (as if their cookies were set). */
export function seedSignedInUser(seed: UserSeed = {}) {
  const user = seedUser(seed);
  db.session.create({ userId: user.id });
  return user;
}
