/** Capabilities the verification use cases need (style habit 3). */
import type { Mailer } from '../accounts/ports';
import type { AdminRepository } from '../moderation/admin';
import type { ImageProcessor, PhotoStore } from '../profiles/ports';
import type { Clock } from '../shared/clock';
import type { IdGenerator, RandomBytes } from '../shared/ids';
import type { PhotoFacts, VerificationStatus } from './rules';

export type VerificationRecord = {
  id: string;
  userId: string;
  pose: string;
  status: VerificationStatus;
  challengeExpiresAt: Date;
  selfieKey: string | null;
  /** The main photo when the selfie was submitted: what the admin compares it with. */
  mainPhotoId: string | null;
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  submittedAt: Date | null;
  createdAt: Date;
};

/** A pending selfie with what the admin needs beside it (issue 16 §2). */
export type QueueItem = VerificationRecord & {
  email: string;
  name: string | null;
  university: string | null;
  /** The student's photos in order (storage keys), the first being the main photo now. */
  photos: { id: string; key: string }[];
};

/** The facts behind the own-profile trust card. */
export type TrustFacts = PhotoFacts & {
  emailConfirmed: boolean;
  /** The school the confirmed address belongs to (users.verified_university). */
  verifiedUniversity: string | null;
  /** The school on the profile. */
  university: string | null;
  /** When each pose challenge of the last day was drawn: each spent a try. */
  triesSince: Date[];
};

export type ChallengeOutcome =
  | { kind: 'open'; record: VerificationRecord }
  | { kind: 'created'; record: VerificationRecord }
  | { kind: 'limit'; triesSince: Date[] };

export interface VerificationRepository {
  /**
   * Atomically per user: the open (unused, unexpired) challenge if there is one; otherwise inserts
   * `challenge` unless `max` were drawn after `since`. The inserted row is the reserved try, so
   * concurrent requests neither pass the limit nor draw two poses.
   */
  openChallenge(challenge: VerificationRecord, max: number, since: Date, now: Date): Promise<ChallengeOutcome>;
  get(id: string): Promise<(VerificationRecord & { email: string }) | null>;
  /**
   * challenge → pending with the selfie, only if the challenge is the user's, unused and unexpired
   * at `now`; records the main photo at this moment. False when it was not.
   */
  submit(id: string, userId: string, selfieKey: string, now: Date): Promise<boolean>;
  /**
   * pending → approved or rejected; an approval also sets profiles.photo_verified_photo_id to the
   * main photo at submission, in the same transaction. False when it was no longer pending.
   */
  review(
    id: string,
    decision: { status: 'approved' | 'rejected'; reason: string | null },
    adminId: string | null,
    at: Date,
  ): Promise<boolean>;
  /** Pending selfies, oldest submission first. */
  queue(limit: number): Promise<QueueItem[]>;
  trustFacts(userId: string, since: Date): Promise<TrustFacts | null>;
  /** Reviewed before `cutoff` and still holding a selfie: what retention deletes. */
  selfiesReviewedBefore(cutoff: Date): Promise<{ id: string; key: string }[]>;
  /** Forgets the selfie's key once its object is gone; the decision stays. */
  clearSelfie(id: string): Promise<void>;
  /** Every selfie the user still has, for erasure with the account. */
  selfieKeys(userId: string): Promise<string[]>;
}

export type VerificationDeps = {
  clock: Clock;
  ids: IdGenerator;
  random: RandomBytes;
  verifications: VerificationRepository;
  photoStore: PhotoStore;
  /** Selfies are re-encoded only: no sized copies (issue 18). */
  images: Pick<ImageProcessor, 'reencode'>;
  mailer: Mailer;
  /** Decisions go to the admin audit log like every admin action (D27). */
  admin: Pick<AdminRepository, 'audit'>;
  appUrl: string;
  log: (line: string) => void;
  /** After a decision: the notification centre tells the student (issue 19). */
  onReviewed?: (userId: string, status: 'approved' | 'rejected', verificationId: string) => Promise<void>;
};
