/** SQLite adapter for photo verification (issue 16 §2). */
import type { ChallengeOutcome, VerificationRecord, VerificationRepository } from '../../../core/verification/ports';
import {
  CLEAR_SELFIE,
  type FactsRow,
  INSERT_CHALLENGE,
  type QueueRow,
  REVIEW,
  SELECT_LATEST_SUBMITTED,
  SELECT_OPEN_CHALLENGE,
  SELECT_PHOTOS_OF,
  SELECT_QUEUE,
  SELECT_SELFIE_KEYS,
  SELECT_SELFIES_REVIEWED_BEFORE,
  SELECT_TRIES_SINCE,
  SELECT_TRUST_FACTS,
  SELECT_VERIFICATION,
  SET_VERIFIED_PHOTO,
  SUBMIT_SELFIE,
  toQueueItem,
  toTrustFacts,
  toVerification,
  type VerificationRow,
} from '../shared/verification-repo-rows';
import type { SqliteDb } from './client';

export class SqliteVerificationRepository implements VerificationRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  async openChallenge(c: VerificationRecord, max: number, since: Date, now: Date): Promise<ChallengeOutcome> {
    // One synchronous transaction: nothing interleaves between the count and the insert.
    return this.sql.transaction((): ChallengeOutcome => {
      const open = this.sql.prepare(SELECT_OPEN_CHALLENGE).get(c.userId, now.getTime()) as VerificationRow | undefined;
      if (open) return { kind: 'open', record: toVerification(open) };
      const tries = this.sql.prepare(SELECT_TRIES_SINCE).all(c.userId, since.getTime()) as { created_at: number }[];
      if (tries.length >= max) return { kind: 'limit', triesSince: tries.map((t) => new Date(t.created_at)) };
      this.sql
        .prepare(INSERT_CHALLENGE)
        .run(c.id, c.userId, c.pose, c.challengeExpiresAt.getTime(), c.createdAt.getTime());
      return { kind: 'created', record: c };
    })();
  }

  async get(id: string) {
    const r = this.sql.prepare(SELECT_VERIFICATION).get(id) as (VerificationRow & { email: string }) | undefined;
    return r ? { ...toVerification(r), email: r.email } : null;
  }

  async submit(id: string, userId: string, key: string, now: Date) {
    return this.sql.prepare(SUBMIT_SELFIE).run({ id, userId, key, now: now.getTime() }).changes === 1;
  }

  async review(
    id: string,
    d: { status: 'approved' | 'rejected'; reason: string | null },
    adminId: string | null,
    at: Date,
  ) {
    return this.sql.transaction(() => {
      const changed =
        this.sql.prepare(REVIEW).run({ id, status: d.status, reason: d.reason, adminId, at: at.getTime() }).changes ===
        1;
      if (changed && d.status === 'approved') this.sql.prepare(SET_VERIFIED_PHOTO).run(id, id);
      return changed;
    })();
  }

  async queue(limit: number) {
    const rows = this.sql.prepare(SELECT_QUEUE).all(limit) as QueueRow[];
    return rows.map((r) =>
      toQueueItem(r, this.sql.prepare(SELECT_PHOTOS_OF).all(r.user_id) as { id: string; storage_key: string }[]),
    );
  }

  async trustFacts(userId: string, since: Date) {
    const f = this.sql.prepare(SELECT_TRUST_FACTS).get(userId) as FactsRow | undefined;
    if (!f) return null;
    const latest = this.sql.prepare(SELECT_LATEST_SUBMITTED).get(userId) as VerificationRow | undefined;
    const tries = this.sql.prepare(SELECT_TRIES_SINCE).all(userId, since.getTime()) as { created_at: number }[];
    return toTrustFacts(f, latest, tries);
  }

  async selfiesReviewedBefore(cutoff: Date) {
    const rows = this.sql.prepare(SELECT_SELFIES_REVIEWED_BEFORE).all(cutoff.getTime()) as {
      id: string;
      selfie_key: string;
    }[];
    return rows.map((r) => ({ id: r.id, key: r.selfie_key }));
  }

  async clearSelfie(id: string) {
    this.sql.prepare(CLEAR_SELFIE).run(id);
  }

  async selfieKeys(userId: string) {
    return (this.sql.prepare(SELECT_SELFIE_KEYS).all(userId) as { selfie_key: string }[]).map((r) => r.selfie_key);
  }
}
