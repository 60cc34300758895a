import { DAY, MINUTE } from '../shared/clock';
import { POSES } from './poses';
import { drawPose, photoState, REJECT_REASON_IDS, selfieKey, TRIES_PER_DAY, triesLeft } from './rules';
import { toTrustStatus } from './verification';

const now = new Date('2026-09-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('poses', () => {
  it('offers at least 8 distinct described poses', () => {
    expect(POSES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(POSES.map((p) => p.id)).size).toBe(POSES.length);
    for (const p of POSES) expect(p.label.length).toBeGreaterThan(10);
  });

  it('draws every pose through the random port, skipping biased bytes', () => {
    const seen = new Set<string>();
    for (let b = 0; b < 256 - (256 % POSES.length); b++) seen.add(drawPose(() => new Uint8Array(8).fill(b)));
    expect(seen.size).toBe(POSES.length);
    // 255 is past the last whole multiple of the pose count: it is skipped, the next byte decides.
    const bytes = [255, 255, 3, 0, 0, 0, 0, 0];
    expect(drawPose(() => Uint8Array.from(bytes))).toBe(POSES[3 % POSES.length]?.id);
  });
});

describe('photo state', () => {
  const base = { verifiedPhotoId: null, mainPhotoId: 'p1', latest: null };
  it('is none, pending, verified, rejected with its reason, or suspended by a new main photo', () => {
    expect(photoState(base)).toEqual({ state: 'none' });
    const submittedAt = ago(MINUTE);
    const pending = { status: 'pending' as const, rejectReason: null, submittedAt, reviewedAt: null };
    expect(photoState({ ...base, latest: pending })).toEqual({ state: 'pending', submittedAt });
    const approved = { ...pending, status: 'approved' as const, reviewedAt: now };
    expect(photoState({ ...base, verifiedPhotoId: 'p1', latest: approved })).toEqual({ state: 'verified' });
    expect(photoState({ ...base, verifiedPhotoId: 'p0', latest: approved })).toEqual({ state: 'suspended' });
    const rejected = { ...pending, status: 'rejected' as const, rejectReason: 'face-not-visible', reviewedAt: now };
    expect(photoState({ ...base, latest: rejected })).toEqual({
      state: 'rejected',
      reason: 'face-not-visible',
      reviewedAt: now,
    });
    // A pending retry shows as pending even while the old badge is suspended.
    expect(photoState({ ...base, verifiedPhotoId: 'p0', latest: pending }).state).toBe('pending');
  });

  it('has the three reasons of issue 16', () => {
    expect(REJECT_REASON_IDS).toEqual(['face-not-visible', 'pose-does-not-match', 'does-not-match-profile-photos']);
  });
});

describe('tries', () => {
  it('counts a rolling day and says when the next try frees up', () => {
    expect(triesLeft([], now)).toEqual({ left: TRIES_PER_DAY, nextTryAt: null });
    expect(triesLeft([ago(DAY + 1), ago(MINUTE)], now)).toEqual({ left: 2, nextTryAt: null });
    const three = [ago(3 * MINUTE), ago(10 * MINUTE), ago(2 * MINUTE)];
    expect(triesLeft(three, now)).toEqual({ left: 0, nextTryAt: new Date(now.getTime() - 10 * MINUTE + DAY) });
  });
});

describe('trust status', () => {
  const facts = {
    emailConfirmed: true,
    verifiedUniversity: 'University of California, Los Angeles',
    university: 'University of California, Los Angeles',
    verifiedPhotoId: null,
    mainPhotoId: 'p1',
    latest: null,
    triesSince: [],
  };
  it('verifies the school only when the confirmed address’s school is the profile’s', () => {
    expect(toTrustStatus(facts, now).school.verified).toBe(true);
    expect(toTrustStatus({ ...facts, university: 'Stanford University' }, now).school.verified).toBe(false);
    expect(toTrustStatus({ ...facts, verifiedUniversity: null }, now).school.verified).toBe(false);
  });

  it('keeps selfies under their own first segment, apart from profile photos', () => {
    expect(selfieKey('u1', now, 'abcd1234', 'webp')).toBe(`selfie-u1/${now.getTime()}-abcd1234.webp`);
  });
});
