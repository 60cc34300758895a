/** Photo verification's rules (issue 16 §2, N-verification in docs/decisions.md). */
import { DAY, MINUTE } from '../shared/clock';
import type { RandomBytes } from '../shared/ids';
import { POSES, type PoseId } from './poses';

/** A drawn pose is valid this long, and once (issue 16 §2). */
export const CHALLENGE_TTL_MS = 10 * MINUTE;
/** Drawing a pose spends one try; this many in any 24 hours (issue 16 §2: "3 tries a day"). */
export const TRIES_PER_DAY = 3;
export const TRY_WINDOW_MS = DAY;
/** A reviewed selfie is deleted this long after the decision (issue 16 §2). */
export const SELFIE_RETENTION_MS = 30 * DAY;
/** Selfies are re-encoded like profile photos; a phone camera frame is well under this. */
export const SELFIE_MAX_BYTES = 5 * 1024 * 1024;

export const REJECT_REASONS = {
  'face-not-visible': 'Face not visible',
  'pose-does-not-match': 'Pose does not match',
  'does-not-match-profile-photos': 'Does not match profile photos',
} as const;

export type RejectReason = keyof typeof REJECT_REASONS;
export const REJECT_REASON_IDS = Object.keys(REJECT_REASONS) as [RejectReason, ...RejectReason[]];
export const isRejectReason = (r: string): r is RejectReason => r in REJECT_REASONS;

export type VerificationStatus = 'challenge' | 'pending' | 'approved' | 'rejected';

/**
 * Draws a pose uniformly with the random port (rejection sampling: no modulo bias). Core never
 * calls Math.random (style habit 2).
 */
export function drawPose(random: RandomBytes): PoseId {
  const n = POSES.length;
  const limit = 256 - (256 % n);
  for (;;) {
    for (const b of random(8)) if (b < limit) return (POSES[b % n] as (typeof POSES)[number]).id;
  }
}

/** What the trust card shows for the photo step. */
export type PhotoState =
  | { state: 'none' }
  | { state: 'pending'; submittedAt: Date }
  | { state: 'verified' }
  | { state: 'rejected'; reason: RejectReason | null; reviewedAt: Date | null }
  /** Approved once, but the main photo has changed since: the badge waits for a new selfie. */
  | { state: 'suspended' };

export type PhotoFacts = {
  /** The main photo an approved selfie vouched for (profiles.photo_verified_photo_id). */
  verifiedPhotoId: string | null;
  /** The current main photo: the lowest position. */
  mainPhotoId: string | null;
  /** The newest submitted verification (challenges never taken are not submissions). */
  latest: {
    status: 'pending' | 'approved' | 'rejected';
    rejectReason: string | null;
    submittedAt: Date | null;
    reviewedAt: Date | null;
  } | null;
};

/** The badge shows while the photo it vouched for is still the main photo: no write when it changes. */
export const isPhotoVerified = (f: Pick<PhotoFacts, 'verifiedPhotoId' | 'mainPhotoId'>) =>
  f.verifiedPhotoId !== null && f.verifiedPhotoId === f.mainPhotoId;

export function photoState(f: PhotoFacts): PhotoState {
  if (f.latest?.status === 'pending') return { state: 'pending', submittedAt: f.latest.submittedAt ?? new Date(0) };
  if (isPhotoVerified(f)) return { state: 'verified' };
  if (f.latest?.status === 'rejected') {
    const reason = f.latest.rejectReason;
    return {
      state: 'rejected',
      reason: reason && isRejectReason(reason) ? reason : null,
      reviewedAt: f.latest.reviewedAt,
    };
  }
  if (f.verifiedPhotoId !== null) return { state: 'suspended' };
  return { state: 'none' };
}

/** Tries left in the rolling day, and when the next one frees up (null while some are left). */
export function triesLeft(triesInWindow: Date[], now: Date): { left: number; nextTryAt: Date | null } {
  const since = now.getTime() - TRY_WINDOW_MS;
  const recent = triesInWindow.filter((d) => d.getTime() > since).sort((a, b) => a.getTime() - b.getTime());
  const left = Math.max(0, TRIES_PER_DAY - recent.length);
  const oldest = recent[recent.length - TRIES_PER_DAY];
  return { left, nextTryAt: left === 0 && oldest ? new Date(oldest.getTime() + TRY_WINDOW_MS) : null };
}

/** The selfie's storage key: its own first segment, so the /media route (profile photos) never serves it. */
export const selfieKey = (userId: string, at: Date, suffix: string, ext: string) =>
  `selfie-${userId}/${at.getTime()}-${suffix}.${ext}`;
