/** PostgreSQL retention purge (D25). */
import type { RetentionCutoffs, RetentionRepository } from '../../../core/privacy/retention';
import type { PgSql } from './sql';

export class PostgresRetentionRepository implements RetentionRepository {
  constructor(private readonly q: PgSql) {}

  async purge(c: RetentionCutoffs, now: Date, dryRun: boolean) {
    const rules: [kind: string, where: string, params: number[]][] = [
      [
        'messages',
        'messages WHERE conversation_id IN (SELECT id FROM conversations WHERE last_message_at < ?)',
        [c.messagesAfterLastMessage.getTime()],
      ],
      ['payments', 'payments WHERE created_at < ?', [c.paymentRecords.getTime()]],
      ['audit_log', 'audit_log WHERE created_at < ?', [c.auditLogs.getTime()]],
      ['security_events', 'security_events WHERE created_at < ?', [c.securityLogs.getTime()]],
      ['rate_limit_hits', 'rate_limit_hits WHERE at < ?', [c.rateLimitHits.getTime()]],
      ['email_tokens', 'email_tokens WHERE expires_at < ?', [c.spentTokens.getTime()]],
      ['refresh_tokens', 'refresh_tokens WHERE expires_at < ?', [c.spentTokens.getTime()]],
      ['mail_outbox', 'mail_outbox WHERE created_at < ?', [c.outboxMail.getTime()]],
    ];
    const counts: Record<string, number> = {};
    await this.q.transaction(async (tx) => {
      for (const [kind, where, params] of rules) {
        counts[kind] = dryRun
          ? ((await tx.get(`SELECT count(*) AS n FROM ${where}`, params)) as { n: number }).n
          : (await tx.run(`DELETE FROM ${where}`, params)).changes;
      }
      // Expired exports lose their archive (D25: downloadable for 7 days).
      const expired = `data_export_requests WHERE archive IS NOT NULL AND expires_at < ?`;
      counts.expired_exports = dryRun
        ? ((await tx.get(`SELECT count(*) AS n FROM ${expired}`, [now.getTime()])) as { n: number }).n
        : (
            await tx.run(
              `UPDATE data_export_requests SET archive = NULL WHERE archive IS NOT NULL AND expires_at < ?`,
              [now.getTime()],
            )
          ).changes;
    });
    return counts;
  }
}
