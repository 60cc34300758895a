/**
 * Picks the database engine from DATABASE_URL and builds every repository over it, so the
 * API and the CLI wire the same adapters: SQLite for `file:` URLs, PostgreSQL for `postgres://`
 * (and PGlite for `pglite:`, used by tests), D3. Dialect differences stay below adapters/db.
 */
import type { IdGenerator } from '../../core/shared/ids';
import type { StatementEvents } from '../realtime/postgres.bus';
import { isPostgresUrl, openPostgres, type PostgresOptions } from './postgres/client';
import { buildPostgresRepositories } from './postgres/repositories';
import {
  SqliteAgreementRepository,
  SqliteEmailTokenRepository,
  SqliteRefreshTokenRepository,
  SqliteUserRepository,
} from './sqlite/accounts.repository';
import { SqliteAdminRepository } from './sqlite/admin.repository';
import { SqliteBillingRepository } from './sqlite/billing.repository';
import { startCheckpointer } from './sqlite/checkpointer';
import { migrateSqlite, openSqlite, type SqliteDb } from './sqlite/client';
import {
  SqliteBoostRepository,
  SqliteDiscoveryRepository,
  SqliteSubscriptionRepository,
  SqliteSwipeRepository,
} from './sqlite/discovery.repository';
import { SqliteGroupCallRepository } from './sqlite/group-calls.repository';
import { SqliteGroupChatRepository } from './sqlite/group-chat.repository';
import { SqliteGroupMatchRepository } from './sqlite/group-matches.repository';
import { SqliteGroupRepository } from './sqlite/groups.repository';
import { SqliteHiddenWordRepository } from './sqlite/hidden-words.repository';
import { SqliteContentFlagRepository, SqliteConversationRepository } from './sqlite/messaging.repository';
import { SqliteMostCompatibleRepository } from './sqlite/most-compatible.repository';
import {
  SqliteDigestRepository,
  SqliteNotificationPreferenceRepository,
  SqliteNotificationRepository,
  SqlitePushSubscriptionRepository,
} from './sqlite/notifications.repository';
import {
  SqliteConsentLog,
  SqliteMailOutbox,
  SqliteRateLimiter,
  SqliteSecurityEventLog,
} from './sqlite/platform.repository';
import { SqliteProfileRepository, SqlitePromptCatalog } from './sqlite/profiles.repository';
import { SqliteReferenceDataRepository } from './sqlite/reference-data.repository';
import { SqliteRetentionRepository } from './sqlite/retention.repository';
import { SqliteRoommateAgreementRepository } from './sqlite/roommate-agreements.repository';
import { SqliteFeedbackRepository, SqlitePrivacyRepository, SqliteSafetyRepository } from './sqlite/safety.repository';
import { SqliteVerificationRepository } from './sqlite/verification.repository';

/** The repositories' public surface, so both engines' classes satisfy it. */
type Surface<T> = { [K in keyof T]: T[K] extends (...args: never[]) => unknown ? T[K] : Pick<T[K], keyof T[K]> };

export type Database = Surface<Omit<ReturnType<typeof buildRepositories>, 'integrityCheck'>> & {
  /** 'ok' when the store is sound (SQLite's integrity_check; PostgreSQL answers for itself). */
  integrityCheck(): string | Promise<string>;
  /** Resolves once the database is reachable and migrated; queries wait for it on their own. */
  ready(): Promise<void>;
  close(): Promise<void>;
  dialect: 'sqlite' | 'postgres';
};

function buildRepositories(db: SqliteDb, ids: IdGenerator) {
  return {
    users: new SqliteUserRepository(db),
    emailTokens: new SqliteEmailTokenRepository(db),
    refreshTokens: new SqliteRefreshTokenRepository(db),
    agreements: new SqliteAgreementRepository(db, ids),
    rateLimiter: new SqliteRateLimiter(db),
    securityLog: new SqliteSecurityEventLog(db, ids),
    consentLog: new SqliteConsentLog(db, ids),
    outbox: new SqliteMailOutbox(db, ids),
    admins: new SqliteAdminRepository(db),
    referenceData: new SqliteReferenceDataRepository(db),
    profiles: new SqliteProfileRepository(db),
    prompts: new SqlitePromptCatalog(db),
    discovery: new SqliteDiscoveryRepository(db),
    swipes: new SqliteSwipeRepository(db),
    subscriptions: new SqliteSubscriptionRepository(db),
    boosts: new SqliteBoostRepository(db),
    conversations: new SqliteConversationRepository(db),
    groupChats: new SqliteGroupChatRepository(db),
    groupMatches: new SqliteGroupMatchRepository(db),
    groupCalls: new SqliteGroupCallRepository(db),
    contentFlags: new SqliteContentFlagRepository(db),
    billing: new SqliteBillingRepository(db, ids),
    safety: new SqliteSafetyRepository(db),
    feedback: new SqliteFeedbackRepository(db),
    privacy: new SqlitePrivacyRepository(db),
    retention: new SqliteRetentionRepository(db),
    groups: new SqliteGroupRepository(db),
    hiddenWords: new SqliteHiddenWordRepository(db),
    mostCompatible: new SqliteMostCompatibleRepository(db),
    verifications: new SqliteVerificationRepository(db),
    notifications: new SqliteNotificationRepository(db),
    notificationPreferences: new SqliteNotificationPreferenceRepository(db),
    pushSubscriptions: new SqlitePushSubscriptionRepository(db),
    digests: new SqliteDigestRepository(db),
    roommateAgreements: new SqliteRoommateAgreementRepository(db),
    ping: async (): Promise<void> => {
      db.$client.prepare('SELECT 1').get();
    },
    /** Integrity check used after crashes and by the durability test. */
    integrityCheck: (): string => String(db.$client.pragma('integrity_check', { simple: true })),
  };
}

export type DatabaseOptions = PostgresOptions & {
  /**
   * The PostgreSQL realtime bus's statement events, given only when that bus is the one in use on
   * this database (api/server.ts): a like's write then publishes its notification itself (N225).
   */
  statementEvents?: StatementEvents;
  /**
   * A SQLite file's WAL is checkpointed by a worker thread, not by the commit that fills it (N245):
   * for the long-running server, not for the CLI's short runs or the tests' databases.
   */
  backgroundCheckpoints?: boolean;
};

export function openDatabase(url: string, ids: IdGenerator, options: DatabaseOptions = {}): Database {
  if (isPostgresUrl(url)) {
    const pg = openPostgres(url, options);
    return {
      ...buildPostgresRepositories(pg, ids, options.statementEvents ?? null),
      ready: () => pg.ready,
      close: pg.close,
      dialect: 'postgres',
    };
  }
  const file = url === ':memory:' || url === 'file::memory:' ? ':memory:' : url.replace(/^file:/, '');
  const background = options.backgroundCheckpoints === true && file !== ':memory:';
  const db = openSqlite(file, { backgroundCheckpoints: background });
  if (options.migrate !== false) migrateSqlite(db);
  const checkpointer = background ? startCheckpointer(file) : null;
  return {
    ...buildRepositories(db, ids),
    ready: async () => {},
    close: async () => {
      await checkpointer?.stop();
      db.$client.close();
    },
    dialect: 'sqlite',
  };
}
