/**
 * What the SQLite and PostgreSQL verification repositories share (N29: same representation, same
 * SQL). Only the repository's own statements live here; badge fragments for other queries do not.
 */
import type { QueueItem, TrustFacts, VerificationRecord } from '../../../core/verification/ports';
import type { VerificationStatus } from '../../../core/verification/rules';

type Ms = number | string;
const date = (v: Ms) => new Date(Number(v));
const dateOrNull = (v: Ms | null) => (v === null ? null : date(v));

export type VerificationRow = {
  id: string;
  user_id: string;
  pose: string;
  status: VerificationStatus;
  challenge_expires_at: Ms;
  selfie_key: string | null;
  main_photo_id: string | null;
  reject_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Ms | null;
  submitted_at: Ms | null;
  created_at: Ms;
};

export const toVerification = (r: VerificationRow): VerificationRecord => ({
  id: r.id,
  userId: r.user_id,
  pose: r.pose,
  status: r.status,
  challengeExpiresAt: date(r.challenge_expires_at),
  selfieKey: r.selfie_key,
  mainPhotoId: r.main_photo_id,
  rejectReason: r.reject_reason,
  reviewedBy: r.reviewed_by,
  reviewedAt: dateOrNull(r.reviewed_at),
  submittedAt: dateOrNull(r.submitted_at),
  createdAt: date(r.created_at),
});

const COLUMNS = `v.id, v.user_id, v.pose, v.status, v.challenge_expires_at, v.selfie_key, v.main_photo_id,
  v.reject_reason, v.reviewed_by, v.reviewed_at, v.submitted_at, v.created_at`;

/** The main photo is the lowest position (001 §5). */
export const MAIN_PHOTO_OF = (userColumn: string) =>
  `(SELECT ph.id FROM photos ph WHERE ph.user_id = ${userColumn} ORDER BY ph.position, ph.id LIMIT 1)`;

export const SELECT_OPEN_CHALLENGE = `SELECT ${COLUMNS} FROM photo_verifications v
  WHERE v.user_id = ? AND v.status = 'challenge' AND v.challenge_expires_at > ? ORDER BY v.created_at DESC LIMIT 1`;

/** Each challenge drawn is one try, whatever became of it. */
export const SELECT_TRIES_SINCE =
  'SELECT created_at FROM photo_verifications WHERE user_id = ? AND created_at > ? ORDER BY created_at';

export const INSERT_CHALLENGE = `INSERT INTO photo_verifications (id, user_id, pose, status, challenge_expires_at, created_at)
  VALUES (?, ?, ?, 'challenge', ?, ?)`;

export const SELECT_VERIFICATION = `SELECT ${COLUMNS}, u.email FROM photo_verifications v JOIN users u ON u.id = v.user_id WHERE v.id = ?`;

export const SUBMIT_SELFIE = `UPDATE photo_verifications
  SET status = 'pending', selfie_key = @key, submitted_at = @now, main_photo_id = ${MAIN_PHOTO_OF('@userId')}
  WHERE id = @id AND user_id = @userId AND status = 'challenge' AND challenge_expires_at > @now`;

export const REVIEW = `UPDATE photo_verifications SET status = @status, reject_reason = @reason, reviewed_by = @adminId, reviewed_at = @at
  WHERE id = @id AND status = 'pending'`;

/** An approval vouches for the main photo the selfie was compared with, not whatever is main now. */
export const SET_VERIFIED_PHOTO = `UPDATE profiles SET photo_verified_photo_id =
  (SELECT main_photo_id FROM photo_verifications WHERE id = ?) WHERE id = (SELECT user_id FROM photo_verifications WHERE id = ?)`;

export const SELECT_QUEUE = `SELECT ${COLUMNS}, u.email, p.name, p.university FROM photo_verifications v
  JOIN users u ON u.id = v.user_id LEFT JOIN profiles p ON p.id = v.user_id
  WHERE v.status = 'pending' ORDER BY v.submitted_at, v.id LIMIT ?`;

export const SELECT_PHOTOS_OF = 'SELECT id, storage_key FROM photos WHERE user_id = ? ORDER BY position, id';

export const SELECT_TRUST_FACTS = `SELECT u.email_confirmed_at, u.verified_university, p.university,
  p.photo_verified_photo_id, ${MAIN_PHOTO_OF('u.id')} AS main_photo_id
  FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ?`;

export const SELECT_LATEST_SUBMITTED = `SELECT ${COLUMNS} FROM photo_verifications v
  WHERE v.user_id = ? AND v.status <> 'challenge' ORDER BY v.submitted_at DESC, v.id DESC LIMIT 1`;

export const SELECT_SELFIES_REVIEWED_BEFORE = `SELECT id, selfie_key FROM photo_verifications
  WHERE selfie_key IS NOT NULL AND reviewed_at IS NOT NULL AND reviewed_at < ? ORDER BY reviewed_at`;

export const CLEAR_SELFIE = 'UPDATE photo_verifications SET selfie_key = NULL WHERE id = ?';

export const SELECT_SELFIE_KEYS =
  'SELECT selfie_key FROM photo_verifications WHERE user_id = ? AND selfie_key IS NOT NULL';

export type FactsRow = {
  email_confirmed_at: Ms | null;
  verified_university: string | null;
  university: string | null;
  photo_verified_photo_id: string | null;
  main_photo_id: string | null;
};

export function toTrustFacts(
  f: FactsRow,
  latest: VerificationRow | undefined,
  tries: { created_at: Ms }[],
): TrustFacts {
  const l = latest ? toVerification(latest) : null;
  return {
    emailConfirmed: f.email_confirmed_at !== null,
    verifiedUniversity: f.verified_university,
    university: f.university,
    verifiedPhotoId: f.photo_verified_photo_id,
    mainPhotoId: f.main_photo_id,
    latest:
      l && l.status !== 'challenge'
        ? { status: l.status, rejectReason: l.rejectReason, submittedAt: l.submittedAt, reviewedAt: l.reviewedAt }
        : null,
    triesSince: tries.map((t) => date(t.created_at)),
  };
}

export type QueueRow = VerificationRow & { email: string; name: string | null; university: string | null };

export const toQueueItem = (r: QueueRow, photos: { id: string; storage_key: string }[]): QueueItem => ({
  ...toVerification(r),
  email: r.email,
  name: r.name,
  university: r.university,
  photos: photos.map((p) => ({ id: p.id, key: p.storage_key })),
});
