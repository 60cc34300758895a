/** PostgreSQL adapter for photo verification (issue 16 §2), the twin of the SQLite one. */
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
import type { PgSql } from './sql';

export class PostgresVerificationRepository implements VerificationRepository {
  constructor(private readonly q: PgSql) {}

  async openChallenge(c: VerificationRecord, max: number, since: Date, now: Date): Promise<ChallengeOutcome> {
    return this.q.transaction(async (tx): Promise<ChallengeOutcome> => {
      // READ COMMITTED would let two requests both count two tries and both insert: the user's row
      // lock makes the second wait, then see the first one's challenge (N31).
      await tx.lockUsers(c.userId);
      const open = await tx.get<VerificationRow>(SELECT_OPEN_CHALLENGE, [c.userId, now.getTime()]);
      if (open) return { kind: 'open', record: toVerification(open) };
      const tries = await tx.all<{ created_at: number }>(SELECT_TRIES_SINCE, [c.userId, since.getTime()]);
      if (tries.length >= max) return { kind: 'limit', triesSince: tries.map((t) => new Date(Number(t.created_at))) };
      await tx.run(INSERT_CHALLENGE, [c.id, c.userId, c.pose, c.challengeExpiresAt.getTime(), c.createdAt.getTime()]);
      return { kind: 'created', record: c };
    });
  }

  async get(id: string) {
    const r = await this.q.get<VerificationRow & { email: string }>(SELECT_VERIFICATION, [id]);
    return r ? { ...toVerification(r), email: r.email } : null;
  }

  async submit(id: string, userId: string, key: string, now: Date) {
    return (await this.q.run(SUBMIT_SELFIE, { id, userId, key, now: now.getTime() })).changes === 1;
  }

  async review(
    id: string,
    d: { status: 'approved' | 'rejected'; reason: string | null },
    adminId: string | null,
    at: Date,
  ) {
    return this.q.transaction(async (tx) => {
      const changed =
        (await tx.run(REVIEW, { id, status: d.status, reason: d.reason, adminId, at: at.getTime() })).changes === 1;
      if (changed && d.status === 'approved') await tx.run(SET_VERIFIED_PHOTO, [id, id]);
      return changed;
    });
  }

  async queue(limit: number) {
    const rows = await this.q.all<QueueRow>(SELECT_QUEUE, [limit]);
    const out = [];
    for (const r of rows)
      out.push(toQueueItem(r, await this.q.all<{ id: string; storage_key: string }>(SELECT_PHOTOS_OF, [r.user_id])));
    return out;
  }

  async trustFacts(userId: string, since: Date) {
    const f = await this.q.get<FactsRow>(SELECT_TRUST_FACTS, [userId]);
    if (!f) return null;
    const latest = await this.q.get<VerificationRow>(SELECT_LATEST_SUBMITTED, [userId]);
    const tries = await this.q.all<{ created_at: number }>(SELECT_TRIES_SINCE, [userId, since.getTime()]);
    return toTrustFacts(f, latest, tries);
  }

  async selfiesReviewedBefore(cutoff: Date) {
    const rows = await this.q.all<{ id: string; selfie_key: string }>(SELECT_SELFIES_REVIEWED_BEFORE, [
      cutoff.getTime(),
    ]);
    return rows.map((r) => ({ id: r.id, key: r.selfie_key }));
  }

  async clearSelfie(id: string) {
    await this.q.run(CLEAR_SELFIE, [id]);
  }

  async selfieKeys(userId: string) {
    return (await this.q.all<{ selfie_key: string }>(SELECT_SELFIE_KEYS, [userId])).map((r) => r.selfie_key);
  }
}
