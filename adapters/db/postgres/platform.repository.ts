/** PostgreSQL adapters for cross-cutting ports: rate limits (D4, D9), security events, consent, outbox. */
import { and, count, desc, eq, gt, lte, min } from 'drizzle-orm';
import type { OutgoingMail, SecurityEvent, SecurityEventLog } from '../../../core/accounts/ports';
import type { IdGenerator } from '../../../core/shared/ids';
import type { RateLimiter, RateReservation, RateRule } from '../../../core/shared/rate-limit';
import { retryAfterSeconds, windowStart } from '../shared/rate-limit-rows';
import type { PgDb } from './client';
import { consentLogs, mailOutbox, rateLimitHits, securityEvents } from './schema';
import { first, PgSql } from './sql';

export class PostgresRateLimiter implements RateLimiter {
  constructor(private readonly db: PgDb) {}

  async reserve(key: string, rule: RateRule, now: Date): Promise<RateReservation> {
    const taken = await this.db.transaction(async (tx) => {
      // The advisory lock on the key makes count-and-insert atomic across processes (D4, N31).
      await new PgSql(tx).lockKey(`rate:${key}`);
      const since = windowStart(rule, now);
      const row = await tx
        .select({ n: count(), oldest: min(rateLimitHits.at) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)))
        .then(first);
      if ((row?.n ?? 0) >= rule.limit) {
        // min() over the custom column comes back as the driver's value (milliseconds), not a Date.
        const oldest = row?.oldest ? Number(row.oldest) : null;
        return { allowed: false as const, retryAfterSeconds: retryAfterSeconds(oldest, rule, now) };
      }
      const inserted = await tx
        .insert(rateLimitHits)
        .values({ key, at: now })
        .returning({ id: rateLimitHits.id })
        .then(first);
      if (!inserted) throw new Error('rate_limit_hits: INSERT … RETURNING gave no row');
      await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lte(rateLimitHits.at, since)));
      return { allowed: true as const, id: inserted.id };
    });
    if (!taken.allowed) return taken;
    return {
      allowed: true,
      release: async () => {
        await this.db.delete(rateLimitHits).where(eq(rateLimitHits.id, taken.id));
      },
    };
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
