/** Every repository over PostgreSQL, the twin of the SQLite set in adapters/db/database.ts (D3). */
import type { IdGenerator } from '../../../core/shared/ids';
import type { StatementEvents } from '../../realtime/postgres.bus';
import {
  PostgresAgreementRepository,
  PostgresEmailTokenRepository,
  PostgresRefreshTokenRepository,
  PostgresUserRepository,
} from './accounts.repository';
import { PostgresAdminRepository } from './admin.repository';
import { PostgresBillingRepository } from './billing.repository';
import type { PostgresConnection } from './client';
import {
  PostgresBoostRepository,
  PostgresDiscoveryRepository,
  PostgresSubscriptionRepository,
  PostgresSwipeRepository,
} from './discovery.repository';
import { PostgresGroupCallRepository } from './group-calls.repository';
import { PostgresGroupChatRepository } from './group-chat.repository';
import { PostgresGroupMatchRepository } from './group-matches.repository';
import { PostgresGroupRepository } from './groups.repository';
import { PostgresHiddenWordRepository } from './hidden-words.repository';
import { PostgresContentFlagRepository, PostgresConversationRepository } from './messaging.repository';
import { PostgresMostCompatibleRepository } from './most-compatible.repository';
import {
  PostgresDigestRepository,
  PostgresNotificationPreferenceRepository,
  PostgresNotificationRepository,
  PostgresPushSubscriptionRepository,
} from './notifications.repository';
import {
  PostgresConsentLog,
  PostgresMailOutbox,
  PostgresRateLimiter,
  PostgresSecurityEventLog,
} from './platform.repository';
import { PostgresProfileRepository, PostgresPromptCatalog } from './profiles.repository';
import { PostgresReferenceDataRepository } from './reference-data.repository';
import { PostgresRetentionRepository } from './retention.repository';
import { PostgresRoommateAgreementRepository } from './roommate-agreements.repository';
import { PostgresFeedbackRepository, PostgresPrivacyRepository, PostgresSafetyRepository } from './safety.repository';
import { PostgresVerificationRepository } from './verification.repository';

/** `statementEvents`: the PostgreSQL bus's, when it is the bus in use, so a like's write carries its event (N225). */
export function buildPostgresRepositories(
  { db, sql }: PostgresConnection,
  ids: IdGenerator,
  statementEvents: StatementEvents | null = null,
) {
  return {
    users: new PostgresUserRepository(db),
    emailTokens: new PostgresEmailTokenRepository(db),
    refreshTokens: new PostgresRefreshTokenRepository(db),
    agreements: new PostgresAgreementRepository(db, ids),
    rateLimiter: new PostgresRateLimiter(db),
    securityLog: new PostgresSecurityEventLog(db, ids),
    consentLog: new PostgresConsentLog(db, ids),
    outbox: new PostgresMailOutbox(db, ids),
    admins: new PostgresAdminRepository(sql),
    referenceData: new PostgresReferenceDataRepository(db),
    profiles: new PostgresProfileRepository(db),
    prompts: new PostgresPromptCatalog(db),
    discovery: new PostgresDiscoveryRepository(sql),
    swipes: new PostgresSwipeRepository(sql, statementEvents),
    subscriptions: new PostgresSubscriptionRepository(sql),
    boosts: new PostgresBoostRepository(sql),
    conversations: new PostgresConversationRepository(sql),
    groupChats: new PostgresGroupChatRepository(sql),
    groupMatches: new PostgresGroupMatchRepository(sql),
    groupCalls: new PostgresGroupCallRepository(sql),
    contentFlags: new PostgresContentFlagRepository(sql),
    billing: new PostgresBillingRepository(sql, ids),
    safety: new PostgresSafetyRepository(sql),
    feedback: new PostgresFeedbackRepository(sql),
    privacy: new PostgresPrivacyRepository(sql),
    retention: new PostgresRetentionRepository(sql),
    groups: new PostgresGroupRepository(sql),
    hiddenWords: new PostgresHiddenWordRepository(sql),
    mostCompatible: new PostgresMostCompatibleRepository(sql),
    verifications: new PostgresVerificationRepository(sql),
    notifications: new PostgresNotificationRepository(sql),
    notificationPreferences: new PostgresNotificationPreferenceRepository(sql),
    pushSubscriptions: new PostgresPushSubscriptionRepository(sql),
    digests: new PostgresDigestRepository(sql),
    roommateAgreements: new PostgresRoommateAgreementRepository(sql),
    ping: async (): Promise<void> => {
      await sql.get('SELECT 1');
    },
    /** PostgreSQL checks its own pages; a crashed process leaves nothing to repair. */
    integrityCheck: async (): Promise<string> => ((await sql.get('SELECT 1 AS ok')) ? 'ok' : 'unreachable'),
  };
}
