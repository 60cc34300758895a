/** SQLite schema (D3). Times are UTC milliseconds (D29); booleans are 0/1 integers. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailConfirmedAt: integer('email_confirmed_at', { mode: 'timestamp_ms' }),
    isStudentVerified: integer('is_student_verified', { mode: 'boolean' }).notNull().default(false),
    /** The school the confirmed address's domain belongs to (issue 16); null for a domain not in the reference data. */
    verifiedUniversity: text('verified_university'),
    /** A new address awaiting confirmation (issue 16): the old one stays until the link is opened. */
    pendingEmail: text('pending_email'),
    status: text('status', { enum: ['active', 'suspended', 'deleted'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const emailTokens = sqliteTable(
  'email_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['confirm_email', 'reset_password', 'change_email', 'pending_sign_in'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const userAgreements = sqliteTable(
  'user_agreements',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tosAccepted: integer('tos_accepted', { mode: 'boolean' }).notNull(),
    tosAcceptedAt: integer('tos_accepted_at', { mode: 'timestamp_ms' }),
    privacyAccepted: integer('privacy_accepted', { mode: 'boolean' }).notNull(),
    privacyAcceptedAt: integer('privacy_accepted_at', { mode: 'timestamp_ms' }),
    marketingAccepted: integer('marketing_accepted', { mode: 'boolean' }).notNull(),
    marketingAcceptedAt: integer('marketing_accepted_at', { mode: 'timestamp_ms' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('user_agreements_user_idx').on(t.userId)],
);

/** 001 §3 Profile; id is the user id. Completion is stamped by the wizard (issue 3). */
export const profiles = sqliteTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    bio: text('bio'),
    university: text('university'),
    major: text('major'),
    graduationYear: integer('graduation_year'),
    gender: text('gender'),
    genderSelfDescribe: text('gender_self_describe'),
    cookingFrequency: text('cooking_frequency'),
    alcohol: text('alcohol'),
    pets: text('pets'),
    hobbies: text('hobbies', { mode: 'json' }).$type<string[]>().notNull().default([]),
    /** The main photo an approved selfie vouched for (issue 16): the badge shows while it is still the main photo. */
    photoVerifiedPhotoId: text('photo_verified_photo_id'),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * Where the student stands in their campus's deck walk (issue 18 §8, N156): set by a trigger on
     * insert and on every change of university, from a counter that never goes back, so a student
     * who arrives on a campus is always past every viewer's deck position there.
     */
    deckSeq: integer('deck_seq'),
  },
  (t) => [index('profiles_deck_walk_idx').on(t.university, t.deckSeq, t.id)],
);

/** Photos in display order; the first is the profile photo (001 §5). Keys per D26. */
export const photos = sqliteTable(
  'photos',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('photos_user_idx').on(t.userId, t.position), uniqueIndex('photos_key_unique').on(t.storageKey)],
);

/**
 * Live-selfie photo verification (issue 16): a pose challenge drawn on the server, the selfie
 * (private, through the photo store), an admin's decision. The selfie is deleted 30 days after review.
 */
export const photoVerifications = sqliteTable(
  'photo_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: text('pose').notNull(),
    status: text('status', { enum: ['challenge', 'pending', 'approved', 'rejected'] }).notNull(),
    challengeExpiresAt: integer('challenge_expires_at', { mode: 'timestamp_ms' }).notNull(),
    selfieKey: text('selfie_key'),
    /** The main photo when the selfie was taken: what the admin compared it with. */
    mainPhotoId: text('main_photo_id'),
    rejectReason: text('reject_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('photo_verifications_user_idx').on(t.userId, t.createdAt),
    index('photo_verifications_status_idx').on(t.status, t.submittedAt),
  ],
);

export const profilePrompts = sqliteTable(
  'profile_prompts',
  {
    profileId: text('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    promptId: text('prompt_id')
      .notNull()
      .references(() => prompts.id),
    response: text('response').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.promptId] })],
);

/** One row per user (001 §3 roommate_preferences). */
export const roommatePreferences = sqliteTable('roommate_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  cleanliness: integer('cleanliness').notNull(),
  sleepSchedule: integer('sleep_schedule').notNull(),
  noiseLevel: integer('noise_level').notNull(),
  studyHabits: integer('study_habits').notNull(),
  guestPolicy: integer('guest_policy'),
  smokingTolerance: text('smoking_tolerance'),
  housingStatus: text('housing_status'),
  financialStatus: text('financial_status'),
  needsCosigner: text('needs_cosigner'),
  moveInChoice: text('move_in_choice'),
  moveInDate: text('move_in_date'),
  minBudget: integer('min_budget'),
  maxBudget: integer('max_budget'),
  preferredNeighborhoods: text('preferred_neighborhoods', { mode: 'json' }).$type<string[]>().notNull().default([]),
  dealbreakers: text('dealbreakers', { mode: 'json' }).$type<string[]>().notNull().default([]),
  genderPreference: text('gender_preference', { mode: 'json' }).$type<string[]>().notNull().default([]),
  // Structured dealbreakers (issue 21, N150): each keeps breakers out of both students' decks.
  dealbreakerNoSmokers: integer('dealbreaker_no_smokers', { mode: 'boolean' }).notNull().default(false),
  dealbreakerNoPets: integer('dealbreaker_no_pets', { mode: 'boolean' }).notNull().default(false),
  dealbreakerBudgetCeiling: integer('dealbreaker_budget_ceiling', { mode: 'boolean' }).notNull().default(false),
  dealbreakerNoFrequentGuests: integer('dealbreaker_no_frequent_guests', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const adminUsers = sqliteTable('admin_users', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull().default('admin'),
  permissions: text('permissions', { mode: 'json' }).$type<string[]>().notNull().default([]),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export const rateLimitHits = sqliteTable(
  'rate_limit_hits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('rate_limit_hits_key_at_idx').on(t.key, t.at)],
);

export const securityEvents = sqliteTable(
  'security_events',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    eventType: text('event_type').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('security_events_type_idx').on(t.eventType, t.createdAt)],
);

export const consentLogs = sqliteTable('consent_logs', {
  id: text('id').primaryKey(),
  userId: text('user_id'),
  consentType: text('consent_type').notNull(),
  consentGiven: integer('consent_given', { mode: 'boolean' }).notNull(),
  consentMethod: text('consent_method').notNull(),
  consentVersion: text('consent_version').notNull(),
  legalBasis: text('legal_basis').notNull(),
  ipAddress: text('ip_address'),
  userAgent: text('user_agent'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const universities = sqliteTable('universities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  latitude: real('latitude').notNull(),
  longitude: real('longitude').notNull(),
  emailDomain: text('email_domain').notNull(),
  metroGroup: text('metro_group'),
});

export const prompts = sqliteTable('prompts', {
  id: text('id').primaryKey(),
  promptText: text('prompt_text').notNull(),
  category: text('category', { enum: ['personality', 'lifestyle', 'goals', 'fun', 'dating', 'other'] }).notNull(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
  displayOrder: integer('display_order').notNull(),
});

/** One row per swipe, from user_id to matched_user_id (001 §3 Match record). */
export const matches = sqliteTable(
  'matches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchedUserId: text('matched_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['passed', 'liked', 'matched'] }).notNull(),
    isSuperLike: integer('is_super_like', { mode: 'boolean' }).notNull().default(false),
    compatibilityScore: integer('compatibility_score'),
    /** The group a like was made for (issue 20, N121): no foreign key, a like counts for its group only while its author is a member. */
    groupId: text('group_id'),
    matchedAt: integer('matched_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('matches_pair_unique').on(t.userId, t.matchedUserId),
    index('matches_target_idx').on(t.matchedUserId, t.status),
    // The daily like and super-like counts (issue 18 §3): one index range per kind, read from the
    // index alone, so a like costs the same at 0 and at 20,000 likes a day. It replaces
    // (user_id, created_at): a like still updates as many indexes as before.
    index('matches_user_likes_idx').on(t.userId, t.isSuperLike, t.createdAt, t.status).where(sql`status <> 'passed'`),
  ],
);

/** 001 §3 Blocked user; the block and report actions arrive with the settings issue (D20). */
export const blockedUsers = sqliteTable(
  'blocked_users',
  {
    id: text('id').primaryKey(),
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: text('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('blocked_pair_unique').on(t.blockerId, t.blockedUserId),
    index('blocked_reverse_idx').on(t.blockedUserId),
  ],
);

/** Gold status (000 §3 premium status); payments fill it (issue 6). */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isPremium: integer('is_premium', { mode: 'boolean' }).notNull().default(false),
    tier: text('tier'),
    subscriptionEnd: integer('subscription_end', { mode: 'timestamp_ms' }),
    cancelled: integer('cancelled', { mode: 'boolean' }).notNull().default(false),
    providerSubscriptionId: text('provider_subscription_id'),
    customerId: text('customer_id'),
    /** When the provider produced the state we hold: older events never overwrite it (issue 6). */
    stateAt: integer('state_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('subscriptions_provider_idx').on(t.providerSubscriptionId)],
);

/**
 * Each provider subscription's state, one last-writer-wins register per field stamped with the
 * provider's event time (core/billing/subscription-state.ts), so events merge in any order (issue 14).
 * A subscription may be known before its owner (its checkout not arrived yet): user_id is null then.
 * Like the ledger it is a payment record (D25), so no foreign key to the account.
 */
export const providerSubscriptions = sqliteTable(
  'provider_subscriptions',
  {
    providerSubscriptionId: text('provider_subscription_id').primaryKey(),
    userId: text('user_id'),
    customerId: text('customer_id'),
    plan: text('plan'),
    planStamp: text('plan_stamp'),
    active: integer('active', { mode: 'boolean' }),
    activeStamp: text('active_stamp'),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }),
    cancelStamp: text('cancel_stamp'),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }),
    periodEndStamp: text('period_end_stamp'),
    endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('provider_subscriptions_user_idx').on(t.userId)],
);

/** Purchased super likes and boosts (D14, D17), spent after the plan's allowance. */
export const balances = sqliteTable('balances', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  superLikes: integer('super_likes').notNull().default(0),
  boosts: integer('boosts').notNull().default(0),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

export const boosts = sqliteTable(
  'boosts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['monthly', 'purchased'] }).notNull(),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('boosts_user_idx').on(t.userId, t.endsAt), index('boosts_ends_idx').on(t.endsAt)],
);

/**
 * 001 §3 Conversation; the id is the two user ids, smaller first, joined by an underscore. A
 * group's conversation (issue 20, N115) has no user pair: its id is `group-<group id>` and
 * `group_id` names the group (its participants are the group's current members).
 */
export const conversations = sqliteTable('conversations', {
  id: text('id').primaryKey(),
  user1Id: text('user1_id').references(() => users.id, { onDelete: 'cascade' }),
  user2Id: text('user2_id').references(() => users.id, { onDelete: 'cascade' }),
  lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' }),
  lastMessageText: text('last_message_text'),
  lastMessageSeq: integer('last_message_seq').notNull().default(0),
  groupId: text('group_id')
    .unique('conversations_group_unique')
    .references(() => groups.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Per-participant state: what they have read and whether they deleted the conversation. */
export const conversationParticipants = sqliteTable(
  'conversation_participants',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Messages up to this sequence number are hidden for this participant (they deleted the chat). */
    clearedSeq: integer('cleared_seq').notNull().default(0),
    /** Set when they delete it; a new message shows it again. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    /** Group chats (issue 20): the highest sequence this member has read ("Read by 2 of 4"). */
    readSeq: integer('read_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('participants_user_idx').on(t.userId)],
);

export const messages = sqliteTable(
  'messages',
  {
    /** Strictly increasing: the cursor for pagination and for catching up after a reconnect. */
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    id: text('id').notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    /** Hidden from everyone but admins after moderation removed it (D22). */
    removed: integer('removed', { mode: 'boolean' }).notNull().default(false),
    /** Held back until an admin approves it (issue 15): only its sender sees it meanwhile. */
    held: integer('held', { mode: 'boolean' }).notNull().default(false),
    /** 'text', or a system message such as an "Ask to verify" request (issue 16). */
    kind: text('kind', { enum: ['text', 'verification_request', 'system'] })
      .notNull()
      .default('text'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('messages_id_unique').on(t.id),
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);

/** 001 §3 content_flags (D22): automatic and user flags awaiting an admin. */
export const contentFlags = sqliteTable(
  'content_flags',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type', { enum: ['message', 'profile', 'photo', 'other'] }).notNull(),
    contentId: text('content_id').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'cascade' }),
    flagReason: text('flag_reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'removed'] })
      .notNull()
      .default('pending'),
    autoFlagged: integer('auto_flagged', { mode: 'boolean' }).notNull(),
    confidenceScore: real('confidence_score'),
    flaggedBy: text('flagged_by'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    reviewedAt: integer('reviewed_at', { mode: 'timestamp_ms' }),
    reviewedBy: text('reviewed_by'),
    reviewNote: text('review_note'),
    /** What led to an automatic flag (issue 15): a JSON array of short spans and words, shown to the admin. */
    evidence: text('evidence'),
  },
  // The chat's warning reads each message's newest pending flag (issue 15): looked up by content.
  (t) => [
    index('content_flags_status_idx').on(t.status, t.createdAt),
    index('content_flags_content_idx').on(t.contentType, t.contentId),
  ],
);

/** Checkouts we started, so a completed one is fulfilled with our own record of what was bought. */
export const checkoutSessions = sqliteTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purchaseType: text('purchase_type', { enum: ['subscription', 'product'] }).notNull(),
  item: text('item').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['open', 'completed', 'cancelled'] }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Provider events already applied: fulfilment happens exactly once per event id (D24). */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  kind: text('kind').notNull(),
  receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull(),
});

/** The payments ledger, kept 7 years (D25). */
export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Null while a renewal's subscription has no known owner yet (issue 14); set when one is named. */
    userId: text('user_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    kind: text('kind').notNull(),
    item: text('item').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    eventId: text('event_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_subscription_idx').on(t.providerSubscriptionId),
  ],
);

/** D20 user reports: what admins review. */
export const userReports = sqliteTable(
  'user_reports',
  {
    id: text('id').primaryKey(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: text('reported_user_id').references(() => users.id, { onDelete: 'cascade' }),
    reportCategory: text('report_category').notNull(),
    severityLevel: text('severity_level').notNull(),
    details: text('details'),
    status: text('status').notNull().default('pending'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('user_reports_created_idx').on(t.createdAt)],
);

export const emergencyContacts = sqliteTable(
  'emergency_contacts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    relationship: text('relationship').notNull(),
    isPrimary: integer('is_primary', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('emergency_contacts_user_idx').on(t.userId)],
);

/** D25 data requests: an export archive kept 7 days, or a deletion erased by the retention job. */
export const dataExportRequests = sqliteTable(
  'data_export_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    requestType: text('request_type', { enum: ['export', 'deletion'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed'] }).notNull(),
    archive: text('archive'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('data_requests_user_idx').on(t.userId), index('data_requests_status_idx').on(t.status)],
);

export const featureRequests = sqliteTable('feature_requests', {
  id: text('id').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  category: text('category').notNull(),
  priority: text('priority').notNull(),
  status: text('status').notNull().default('submitted'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

export const featureVotes = sqliteTable(
  'feature_votes',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => featureRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId, t.day] })],
);

export const securityIncidents = sqliteTable('security_incidents', {
  id: text('id').primaryKey(),
  reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
  incidentType: text('incident_type').notNull(),
  severityLevel: text('severity_level').notNull(),
  subject: text('subject').notNull(),
  description: text('description').notNull(),
  contactEmail: text('contact_email').notNull(),
  affectedUsersCount: integer('affected_users_count'),
  timeDiscovered: text('time_discovered'),
  stepsTaken: text('steps_taken'),
  status: text('status').notNull().default('reported'),
  priority: text('priority').notNull(),
  acknowledgeBy: integer('acknowledge_by', { mode: 'timestamp_ms' }).notNull(),
  respondBy: integer('respond_by', { mode: 'timestamp_ms' }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
});

/** D27: every admin action, kept 3 years (D25). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const groups = sqliteTable(
  'groups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    // The creator's erased account must not take the group with it (D18: succession instead).
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    inviteCode: text('invite_code'),
    inviteCodeExpiresAt: integer('invite_code_expires_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('groups_invite_code_idx').on(t.inviteCode)],
);

export const groupMembers = sqliteTable(
  'group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/** Solo or group mode and the active group (000 §4); a deleted group leaves its users solo. */
export const groupModes = sqliteTable('group_modes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['solo', 'group'] })
    .notNull()
    .default('solo'),
  activeGroupId: text('active_group_id').references(() => groups.id, { onDelete: 'set null' }),
});

/** A user's hidden words and emoji (issue 15): incoming messages containing one are collapsed. */
export const hiddenWords = sqliteTable(
  'hidden_words',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);

/** The notification centre (issue 19); reads leave out what is no longer live (N95). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    // An erased account takes what it caused with it.
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id'),
    messageId: text('message_id'),
    detail: text('detail'),
    count: integer('count').notNull().default(1),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_subject_idx').on(t.userId, t.subjectId),
  ],
);

/** Push switches, quiet hours and the digest setting (issue 19); no row means the defaults. */
export const notificationPreferences = sqliteTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** JSON: { matches, messages, likes, groups, account } booleans. */
  push: text('push').notNull(),
  quietStart: integer('quiet_start').notNull(),
  quietEnd: integer('quiet_end').notNull(),
  timeZone: text('time_zone').notNull(),
  digest: text('digest').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Browsers subscribed to web push (issue 19): one endpoint is one browser profile. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** When the student last used the app and last got a digest (issue 19, N104): the digest's clock. */
export const notificationState = sqliteTable('notification_state', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastActiveAt: integer('last_active_at', { mode: 'timestamp_ms' }),
  lastDigestAt: integer('last_digest_at', { mode: 'timestamp_ms' }),
});

/**
 * Group matches (issue 20, N121-N123): a group and a student (or two groups) who liked each other,
 * and their conversation (`gmatch-<id>`). Its participants follow the group's membership (N122).
 */
export const groupMatches = sqliteTable(
  'group_matches',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    groupId: text('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** The student matched with the group; null when the other side is a group. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The other group of a match between two groups (the larger id of the pair). */
    otherGroupId: text('other_group_id').references(() => groups.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('group_matches_conversation_unique').on(t.conversationId),
    uniqueIndex('group_matches_student_unique').on(t.groupId, t.userId),
    uniqueIndex('group_matches_groups_unique').on(t.groupId, t.otherGroupId),
    index('group_matches_user_idx').on(t.userId),
    index('group_matches_other_group_idx').on(t.otherGroupId),
  ],
);

/**
 * Most Compatible today (issue 21, N133): one row per campus and day once its matching is computed
 * (the first request of the day computes it; the primary key keeps one copy across processes).
 */
export const mostCompatibleRuns = sqliteTable(
  'most_compatible_runs',
  {
    day: text('day').notNull(),
    campus: text('campus').notNull(),
    method: text('method').notNull(),
    students: integer('students').notNull(),
    computedAt: integer('computed_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.campus] })],
);

/** Each student's pick of the day (null: nobody today), written with its campus's run. */
export const mostCompatiblePicks = sqliteTable(
  'most_compatible_picks',
  {
    day: text('day').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campus: text('campus').notNull(),
    pickUserId: text('pick_user_id').references(() => users.id, { onDelete: 'set null' }),
    score: integer('score'),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('most_compatible_picks_campus_idx').on(t.campus, t.day)],
);

/**
 * Roommate agreements (issue 21, N140): one per conversation (1:1 or group). `current_version` is
 * the optimistic check every proposal and acceptance makes atomically (N141).
 */
export const roommateAgreements = sqliteTable('roommate_agreements', {
  id: text('id').primaryKey(),
  conversationId: text('conversation_id')
    .notNull()
    .unique('roommate_agreements_conversation_unique')
    .references(() => conversations.id, { onDelete: 'cascade' }),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  currentVersion: integer('current_version').notNull(),
  acceptedVersion: integer('accepted_version'),
  acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Every version is kept, its terms never change; `parties` (JSON ids) are who must accept it. */
export const roommateAgreementVersions = sqliteTable(
  'roommate_agreement_versions',
  {
    agreementId: text('agreement_id')
      .notNull()
      .references(() => roommateAgreements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** JSON: the Terms of core/roommate-agreements/model.ts. */
    terms: text('terms').notNull(),
    parties: text('parties').notNull(),
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.version] })],
);

export const roommateAgreementAcceptances = sqliteTable(
  'roommate_agreement_acceptances',
  {
    agreementId: text('agreement_id')
      .notNull()
      .references(() => roommateAgreements.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.version, t.userId] })],
);

/** The shared-costs ledger (issue 21): expenses split equally among `for_user_ids`, and settlements. Integer cents. */
export const roommateExpenses = sqliteTable(
  'roommate_expenses',
  {
    id: text('id').primaryKey(),
    agreementId: text('agreement_id')
      .notNull()
      .references(() => roommateAgreements.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['expense', 'settlement'] }).notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidBy: text('paid_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** JSON ids. */
    forUserIds: text('for_user_ids').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('roommate_expenses_agreement_idx').on(t.agreementId, t.createdAt)],
);

/** "How's living together?" answers, 30 and 90 days after acceptance (issue 21's outcome loop, N148). */
export const roommateOutcomes = sqliteTable(
  'roommate_outcomes',
  {
    agreementId: text('agreement_id')
      .notNull()
      .references(() => roommateAgreements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkpointDays: integer('checkpoint_days').notNull(),
    rating: integer('rating').notNull(),
    whatWorks: text('what_works').notNull(),
    whatDoesnt: text('what_doesnt').notNull(),
    didNotMoveIn: integer('did_not_move_in', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.userId, t.checkpointDays] })],
);

/**
 * Calls in groups (issue 20, N127–N129): a group conversation's live call (at most one, ended by
 * deleting it) and who is in it now (at most GROUP_CALL_MAX, enforced when joining).
 */
export const groupCalls = sqliteTable(
  'group_calls',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    callerId: text('caller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media: text('media').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('group_calls_conversation_unique').on(t.conversationId)],
);

export const groupCallParticipants = sqliteTable(
  'group_call_participants',
  {
    callId: text('call_id')
      .notNull()
      .references(() => groupCalls.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.callId, t.userId] }), index('group_call_participants_user_idx').on(t.userId)],
);

/**
 * Where a viewer's deck walk of one campus may start (issue 18 §8, N156): every student of the
 * campus whose deck_seq is at most `position`, but those listed in `holes`, is the viewer or was
 * swiped by them. `checkedTo` is how far the last extension looked. Written by the deck's read.
 */
export const deckPositions = sqliteTable(
  'deck_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    university: text('university').notNull(),
    position: integer('position').notNull(),
    holes: text('holes').notNull(),
    checkedTo: integer('checked_to').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.university] })],
);

/** The counter behind profiles.deck_seq (N156): AUTOINCREMENT never hands out a number twice. */
export const deckSequence = sqliteTable('deck_sequence', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
});
