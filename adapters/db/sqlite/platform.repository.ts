/** SQLite adapters for cross-cutting ports: rate limits (D4, D9), security events, consent, outbox. */
import { and, count, desc, eq, gt, lte, min } from 'drizzle-orm';
import type { OutgoingMail, SecurityEvent, SecurityEventLog } from '../../../core/accounts/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import type { RateLimiter, RateReservation, RateRule } from '../../../core/shared/rate-limit';
import { retryAfterSeconds, windowStart } from '../shared/rate-limit-rows';
import type { SqliteDb } from './client';
import { consentLogs, mailOutbox, rateLimitHits, securityEvents } from './schema';

export class SqliteRateLimiter implements RateLimiter {
  constructor(private readonly db: SqliteDb) {}

  async reserve(key: string, rule: RateRule, now: Date): Promise<RateReservation> {
    // better-sqlite3 transactions are synchronous, so count-and-insert cannot interleave.
    const taken = this.db.transaction((tx) => {
      const since = windowStart(rule, now);
      const row = tx
        .select({ n: count(), oldest: min(rateLimitHits.at) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
        .get();
      if ((row?.n ?? 0) >= rule.limit) {
        const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
        return { allowed: false as const, retryAfterSeconds: retryAfterSeconds(oldest, rule, now) };
      }
      const { id } = tx.insert(rateLimitHits).values({ key, at: now }).returning({ id: rateLimitHits.id }).get();
      tx.delete(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.at, since)))
        .run();
      return { allowed: true as const, id };
    });
    if (!taken.allowed) return taken;
    return {
      allowed: true,
      release: async () => {
        this.db.delete(rateLimitHits).where(eq(rateLimitHits.id, taken.id)).run();
      },
    };
  }
}

export class SqliteSecurityEventLog implements SecurityEventLog {
  constructor(
    private readonly db: SqliteDb,
    private readonly ids: IdGenerator,
  ) {}

  async record(event: SecurityEvent, at: Date) {
    this.db
      .insert(securityEvents)
      .values({
        id: this.ids.newId(),
        userId: event.userId,
        eventType: event.type,
        details: event.details,
        ipAddress: event.ip,
        userAgent: event.userAgent?.slice(0, 512) ?? null,
        createdAt: at,
      })
      .run();
  }

  async list(limit = 100) {
    return this.db.select().from(securityEvents).orderBy(desc(securityEvents.createdAt)).limit(limit).all();
  }
}

export type ConsentRecord = {
  userId: string | null;
  consentType: string;
  consentGiven: boolean;
  consentMethod: string;
  consentVersion: string;
  legalBasis: string;
  ip: string | null;
  userAgent: string | null;
};

export class SqliteConsentLog {
  constructor(
    private readonly db: SqliteDb,
    private readonly ids: IdGenerator,
  ) {}

  async record(c: ConsentRecord, at: Date) {
    this.db
      .insert(consentLogs)
      .values({
        id: this.ids.newId(),
        userId: c.userId,
        consentType: c.consentType,
        consentGiven: c.consentGiven,
        consentMethod: c.consentMethod,
        consentVersion: c.consentVersion,
        legalBasis: c.legalBasis,
        ipAddress: c.ip,
        userAgent: c.userAgent?.slice(0, 512) ?? null,
        createdAt: at,
      })
      .run();
  }

  async list(limit = 100) {
    return this.db.select().from(consentLogs).orderBy(desc(consentLogs.createdAt)).limit(limit).all();
  }
}

export type StoredMail = OutgoingMail & { id: string; createdAt: Date };

export class SqliteMailOutbox {
  constructor(
    private readonly db: SqliteDb,
    private readonly ids: IdGenerator,
  ) {}

  async add(mail: OutgoingMail, at: Date): Promise<StoredMail> {
    const id = this.ids.newId();
    this.db
      .insert(mailOutbox)
      .values({
        id,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        createdAt: at,
      })
      .run();
    return { id, createdAt: at, ...mail };
  }

  async list(limit = 50): Promise<StoredMail[]> {
    return this.db
      .select()
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit)
      .all()
      .map((r) => ({
        id: r.id,
        to: r.toAddress,
        subject: r.subject,
        text: r.textBody,
        html: r.htmlBody ?? undefined,
        createdAt: r.createdAt,
      }));
  }
}
