/** PostgreSQL adapters for cross-cutting ports: rate limits (D4, D9), security events, consent, outbox. */
import { and, count, desc, eq, gt, lte, min } from 'drizzle-orm';
import type { RateRule } from '../../../core/accounts/policy';
import type { OutgoingMail, RateLimiter, SecurityEvent, SecurityEventLog } from '../../../core/accounts/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import type { PgDb } from './client';
import { consentLogs, mailOutbox, rateLimitHits, securityEvents } from './schema';
import { first, PgSql } from './sql';

export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly db: PgDb) {}

  private async state(db: Pick<PgDb, 'select'>, key: string, rule: RateRule, now: Date) {
    const since = new Date(now.getTime() - rule.windowMs);
    const row = await db
      .select({ n: count(), oldest: min(rateLimitHits.at) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
      .then(first);
    const n = row?.n ?? 0;
    // min() over the custom column comes back as the driver's value (milliseconds), not a Date.
    const oldest = row?.oldest ? Number(row.oldest) : now.getTime();
    const retryAfterSeconds = Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000));
    return { n, retryAfterSeconds };
  }

  async hit(key: string, rule: RateRule, now: Date) {
    return this.db.transaction(async (tx) => {
      // The advisory lock on the key makes check-and-record atomic across processes (D4, D9).
      await new PgSql(tx).lockKey(`rate:${key}`);
      const { n, retryAfterSeconds } = await this.state(tx, key, rule, now);
      if (n >= rule.limit) return { allowed: false, retryAfterSeconds };
      await tx.insert(rateLimitHits).values({ key, at: now });
      await tx
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.at, new Date(now.getTime() - rule.windowMs))));
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  async isLimited(key: string, rule: RateRule, now: Date) {
    const { n, retryAfterSeconds } = await this.state(this.db, key, rule, now);
    return { limited: n >= rule.limit, retryAfterSeconds };
  }
}

export class PostgresSecurityEventLog implements SecurityEventLog {
  constructor(
    private readonly db: PgDb,
    private readonly ids: IdGenerator,
  ) {}

  async record(event: SecurityEvent, at: Date) {
    await this.db.insert(securityEvents).values({
      id: this.ids.newId(),
      userId: event.userId,
      eventType: event.type,
      details: event.details,
      ipAddress: event.ip,
      userAgent: event.userAgent?.slice(0, 512) ?? null,
      createdAt: at,
    });
  }

  async list(limit = 100) {
    return this.db.select().from(securityEvents).orderBy(desc(securityEvents.createdAt)).limit(limit);
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

export class PostgresConsentLog {
  constructor(
    private readonly db: PgDb,
    private readonly ids: IdGenerator,
  ) {}

  async record(c: ConsentRecord, at: Date) {
    await this.db.insert(consentLogs).values({
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
    });
  }

  async list(limit = 100) {
    return this.db.select().from(consentLogs).orderBy(desc(consentLogs.createdAt)).limit(limit);
  }
}

export type StoredMail = OutgoingMail & { id: string; createdAt: Date };

export class PostgresMailOutbox {
  constructor(
    private readonly db: PgDb,
    private readonly ids: IdGenerator,
  ) {}

  async add(mail: OutgoingMail, at: Date): Promise<StoredMail> {
    const id = this.ids.newId();
    await this.db.insert(mailOutbox).values({
      id,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdAt: at,
    });
    return { id, createdAt: at, ...mail };
  }

  async list(limit = 50): Promise<StoredMail[]> {
    const rows = await this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      html: r.htmlBody ?? undefined,
      createdAt: r.createdAt,
    }));
  }
}
