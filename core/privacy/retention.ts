/** Retention periods (D25, 001 §9): what `nestmate retention run` removes, and when. */
const DAY = 86_400_000;
const YEAR = 365 * DAY;

export const RETENTION = {
  messagesAfterLastMessage: 7 * YEAR,
  paymentRecords: 7 * YEAR,
  auditLogs: 3 * YEAR,
  securityLogs: 2 * YEAR,
  rateLimitHits: DAY,
  spentTokens: 30 * DAY,
  outboxMail: 30 * DAY,
  /** Verification selfies after their review (issue 16 §2); the decision itself stays. */
  selfiesAfterReview: 30 * DAY,
} as const;

export type RetentionCutoffs = { [K in keyof typeof RETENTION]: Date };

export function retentionCutoffs(now: Date): RetentionCutoffs {
  return Object.fromEntries(
    Object.entries(RETENTION).map(([k, ms]) => [k, new Date(now.getTime() - ms)]),
  ) as RetentionCutoffs;
}

export interface RetentionRepository {
  /** Counts (dry run) or deletes what is past its period; returns rows per kind. */
  purge(cutoffs: RetentionCutoffs, now: Date, dryRun: boolean): Promise<Record<string, number>>;
}
