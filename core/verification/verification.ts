/**
 * Photo verification's use cases (issue 16 §2): a pose drawn on the server, a live selfie stored
 * privately, an admin's decision, and the selfie's deletion 30 days after it.
 */

import { isSchoolVerified } from '../accounts/school';
import { sniffImageType } from '../profiles/photo-type';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { verificationErrors } from './errors';
import { verificationApprovedMail, verificationRejectedMail } from './mails';
import type { TrustFacts, VerificationDeps, VerificationRecord } from './ports';
import { poseLabel } from './poses';
import {
  CHALLENGE_TTL_MS,
  drawPose,
  isPhotoVerified,
  isRejectReason,
  type PhotoState,
  photoState,
  type RejectReason,
  SELFIE_MAX_BYTES,
  selfieKey,
  TRIES_PER_DAY,
  TRY_WINDOW_MS,
  triesLeft,
} from './rules';

export type TrustStatus = {
  emailConfirmed: boolean;
  school: { verified: boolean; university: string | null };
  photo: PhotoState;
  triesLeft: number;
  nextTryAt: Date | null;
};

export function toTrustStatus(f: TrustFacts, now: Date): TrustStatus {
  const tries = triesLeft(f.triesSince, now);
  return {
    emailConfirmed: f.emailConfirmed,
    school: {
      verified: isSchoolVerified(f.verifiedUniversity, f.university),
      university: f.university,
    },
    photo: photoState(f),
    triesLeft: tries.left,
    nextTryAt: tries.nextTryAt,
  };
}

const since = (deps: Pick<VerificationDeps, 'clock'>) => new Date(deps.clock.now().getTime() - TRY_WINDOW_MS);

/** The caller's own trust card: e-mail, school, photo, tries left today. */
export async function getTrustStatus(
  deps: Pick<VerificationDeps, 'clock' | 'verifications'>,
  userId: string,
): Promise<TrustStatus | null> {
  const facts = await deps.verifications.trustFacts(userId, since(deps));
  return facts ? toTrustStatus(facts, deps.clock.now()) : null;
}

export type Challenge = { id: string; pose: string; poseLabel: string; expiresAt: Date };

const toChallenge = (r: VerificationRecord): Challenge => ({
  id: r.id,
  pose: r.pose,
  poseLabel: poseLabel(r.pose),
  expiresAt: r.challengeExpiresAt,
});

/**
 * "Get verified": the open pose if one is still valid, otherwise a new one, which spends a try.
 * Refused without a main photo to compare with, while a selfie awaits review, and when verified.
 */
export async function startChallenge(
  deps: Pick<VerificationDeps, 'clock' | 'ids' | 'random' | 'verifications'>,
  userId: string,
): Promise<Result<Challenge, DomainError>> {
  const now = deps.clock.now();
  const facts = await deps.verifications.trustFacts(userId, since(deps));
  if (!facts?.mainPhotoId) return err(verificationErrors.noPhoto());
  if (facts.latest?.status === 'pending') return err(verificationErrors.pending());
  if (isPhotoVerified(facts)) return err(verificationErrors.alreadyVerified());
  const outcome = await deps.verifications.openChallenge(
    {
      id: deps.ids.newId(),
      userId,
      pose: drawPose(deps.random),
      status: 'challenge',
      challengeExpiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      selfieKey: null,
      mainPhotoId: null,
      rejectReason: null,
      reviewedBy: null,
      reviewedAt: null,
      submittedAt: null,
      createdAt: now,
    },
    TRIES_PER_DAY,
    since(deps),
    now,
  );
  if (outcome.kind === 'limit') {
    const next = triesLeft(outcome.triesSince, now).nextTryAt;
    const seconds = next ? Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) : TRY_WINDOW_MS / 1000;
    return err(verificationErrors.triesUsed(seconds));
  }
  return ok(toChallenge(outcome.record));
}

/**
 * The selfie for a drawn pose: checked, re-encoded without metadata (like profile photos, D26),
 * stored under a key /media never serves, and queued for an admin. The challenge is single use:
 * of two submissions only one claims it, and the loser's file is removed.
 */
export async function submitSelfie(
  deps: Pick<VerificationDeps, 'clock' | 'ids' | 'verifications' | 'photoStore' | 'images'>,
  userId: string,
  input: { challengeId: string; bytes: Uint8Array },
): Promise<Result<{ status: 'pending' }, DomainError>> {
  const now = deps.clock.now();
  const challenge = await deps.verifications.get(input.challengeId);
  if (!challenge || challenge.userId !== userId || challenge.status !== 'challenge')
    return err(verificationErrors.noChallenge());
  if (challenge.challengeExpiresAt.getTime() <= now.getTime()) return err(verificationErrors.expired());
  if (input.bytes.length > SELFIE_MAX_BYTES) return err(verificationErrors.tooLarge());
  if (!sniffImageType(input.bytes)) return err(verificationErrors.notImage());
  const image = await deps.images.reencode(input.bytes);
  if (!image) return err(verificationErrors.notImage());
  const key = selfieKey(userId, now, deps.ids.newId().slice(0, 8), image.ext);
  await deps.photoStore.put(key, image.bytes, image.contentType);
  // The clock is read again: re-encoding takes time, and the pose must still be valid when claimed.
  if (!(await deps.verifications.submit(challenge.id, userId, key, deps.clock.now()))) {
    await deps.photoStore.delete(key);
    const again = await deps.verifications.get(challenge.id);
    return err(again?.status === 'challenge' ? verificationErrors.expired() : verificationErrors.noChallenge());
  }
  return ok({ status: 'pending' });
}

export type ReviewDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

/** An admin's decision: audited (D27), told to the student by e-mail; the trust card shows it too. */
export async function reviewVerification(
  deps: Pick<VerificationDeps, 'clock' | 'ids' | 'verifications' | 'mailer' | 'admin' | 'appUrl' | 'onReviewed'>,
  adminId: string | null,
  verificationId: string,
  input: ReviewDecision,
): Promise<Result<{ status: 'approved' | 'rejected' }, DomainError>> {
  let reason: RejectReason | null = null;
  if (input.decision === 'reject') {
    if (!isRejectReason(input.reason)) return err(verificationErrors.reasonNeeded());
    reason = input.reason;
  }
  const record = await deps.verifications.get(verificationId);
  if (!record || record.status === 'challenge') return err(verificationErrors.notFound());
  if (record.status !== 'pending') return err(verificationErrors.alreadyReviewed());
  const status = reason ? 'rejected' : 'approved';
  const now = deps.clock.now();
  if (!(await deps.verifications.review(verificationId, { status, reason }, adminId, now)))
    return err(verificationErrors.alreadyReviewed());
  await deps.admin.audit({
    id: deps.ids.newId(),
    adminId,
    action: `verification.${status}`,
    targetType: 'photo_verification',
    targetId: verificationId,
    details: { userId: record.userId, pose: record.pose, reason, mainPhotoId: record.mainPhotoId },
    at: now,
  });
  await deps.mailer.send(
    reason
      ? verificationRejectedMail(record.email, deps.appUrl, reason)
      : verificationApprovedMail(record.email, deps.appUrl),
  );
  await deps.onReviewed?.(record.userId, status, verificationId);
  return ok({ status });
}

/** The selfie's bytes, for admins only (the route checks the role): never served under /media. */
export async function readSelfie(
  deps: Pick<VerificationDeps, 'verifications' | 'photoStore'>,
  verificationId: string,
): Promise<Result<{ bytes: Uint8Array; contentType: string }, DomainError>> {
  const record = await deps.verifications.get(verificationId);
  const found = record?.selfieKey ? await deps.photoStore.get(record.selfieKey) : null;
  return found ? ok(found) : err(verificationErrors.notFound());
}

/**
 * Retention (issue 16 §2): selfies go 30 days after review. The object first, then its key, so
 * a failed deletion is retried by the next run instead of leaving an orphan file.
 */
export async function purgeReviewedSelfies(
  deps: Pick<VerificationDeps, 'verifications' | 'photoStore' | 'log'>,
  cutoff: Date,
  dryRun: boolean,
): Promise<number> {
  const due = await deps.verifications.selfiesReviewedBefore(cutoff);
  if (dryRun) return due.length;
  let deleted = 0;
  for (const s of due) {
    try {
      await deps.photoStore.delete(s.key);
    } catch (e) {
      deps.log(`[verification] could not delete ${s.key}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    await deps.verifications.clearSelfie(s.id);
    deleted++;
  }
  return deleted;
}

/** Erasure with the account: the selfie objects, which the database's cascade cannot reach. */
export async function eraseSelfies(
  deps: Pick<VerificationDeps, 'verifications' | 'photoStore'>,
  userId: string,
): Promise<void> {
  for (const key of await deps.verifications.selfieKeys(userId)) await deps.photoStore.delete(key);
}
