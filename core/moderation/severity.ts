/**
 * How bad a flagged reason is, for ordering the admin queue (issue 15). The order is the corpus's
 * "most severe label wins" order (fixtures/corpora/moderation/README.md); the old rules' reasons
 * (auto-flag.ts) rank as the category they became.
 */
export const SEVERITY_ORDER = [
  'hate',
  'sexual',
  'harassment',
  'phishing',
  'rental_scam',
  'investment',
  'off_platform',
] as const;

export type SeverityLevel = 'high' | 'medium' | 'low';

/** Stored reasons from before the classifier (D22's rules) and the category each became. */
const LEGACY_REASONS: Record<string, (typeof SEVERITY_ORDER)[number]> = {
  explicit: 'sexual',
  off_platform_payment: 'off_platform',
};

/** The classifier category a stored flag reason stands for, or the reason itself when it is none. */
export function categoryOfReason(reason: string): string {
  return LEGACY_REASONS[reason] ?? reason;
}

/** Higher is worse: 7 for hate down to 1 for off-platform pressure; 0 for anything else (a user's flag). */
export function severityRank(reason: string): number {
  const i = (SEVERITY_ORDER as readonly string[]).indexOf(categoryOfReason(reason));
  return i < 0 ? 0 : SEVERITY_ORDER.length - i;
}

/** The badge an admin reads: attacks on a person and credential theft are high, money pitches medium. */
export function severityLevel(reason: string): SeverityLevel {
  const rank = severityRank(reason);
  if (rank >= severityRank('phishing')) return 'high';
  if (rank >= severityRank('investment')) return 'medium';
  return 'low';
}

/** Every stored reason with its rank, for the queue's ORDER BY (the adapters build a CASE from it). */
export function severityRanks(): [reason: string, rank: number][] {
  return [...SEVERITY_ORDER, ...Object.keys(LEGACY_REASONS)].map((r) => [r, severityRank(r)]);
}
