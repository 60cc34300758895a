import type { OutgoingMail } from '../accounts/ports';
import { fixedClock, MINUTE } from '../shared/clock';
import type { TrustFacts, VerificationRecord, VerificationRepository } from './ports';
import { reviewVerification, startChallenge, submitSelfie } from './verification';

/** An in-memory repository: enough of the port to drive the use cases without I/O. */
function memoryRepo(facts: Partial<TrustFacts> = {}) {
  const rows = new Map<string, VerificationRecord>();
  const repo: VerificationRepository = {
    async openChallenge(c, max, since, now) {
      const open = [...rows.values()].find((r) => r.status === 'challenge' && r.challengeExpiresAt > now);
      if (open) return { kind: 'open', record: open };
      const tries = [...rows.values()].filter((r) => r.createdAt > since).map((r) => r.createdAt);
      if (tries.length >= max) return { kind: 'limit', triesSince: tries };
      rows.set(c.id, c);
      return { kind: 'created', record: c };
    },
    async get(id) {
      const r = rows.get(id);
      return r ? { ...r, email: 'student@ucla.edu' } : null;
    },
    async submit(id, userId, key, now) {
      const r = rows.get(id);
      if (!r || r.userId !== userId || r.status !== 'challenge' || r.challengeExpiresAt <= now) return false;
      rows.set(id, { ...r, status: 'pending', selfieKey: key, submittedAt: now, mainPhotoId: 'p1' });
      return true;
    },
    async review(id, d, adminId, at) {
      const r = rows.get(id);
      if (r?.status !== 'pending') return false;
      rows.set(id, { ...r, status: d.status, rejectReason: d.reason, reviewedBy: adminId, reviewedAt: at });
      return true;
    },
    queue: async () => [],
    async trustFacts() {
      const latest = [...rows.values()].filter((r) => r.status !== 'challenge').at(-1);
      return {
        emailConfirmed: true,
        verifiedUniversity: null,
        university: null,
        verifiedPhotoId: null,
        mainPhotoId: 'p1',
        latest: latest
          ? {
              status: latest.status as 'pending',
              rejectReason: latest.rejectReason,
              submittedAt: latest.submittedAt,
              reviewedAt: latest.reviewedAt,
            }
          : null,
        triesSince: [...rows.values()].map((r) => r.createdAt),
        ...facts,
      };
    },
    selfiesReviewedBefore: async () => [],
    clearSelfie: async () => {},
    selfieKeys: async () => [],
  };
  return { repo, rows };
}

function deps(facts: Partial<TrustFacts> = {}) {
  const clock = fixedClock('2026-09-01T12:00:00Z');
  let n = 0;
  const { repo, rows } = memoryRepo(facts);
  const stored = new Map<string, Uint8Array>();
  const mails: OutgoingMail[] = [];
  const audits: unknown[] = [];
  return {
    rows,
    stored,
    mails,
    audits,
    d: {
      clock,
      ids: { newId: () => `id-${++n}-000000000` },
      random: (k: number) => new Uint8Array(k).fill(1),
      verifications: repo,
      photoStore: {
        put: async (key: string, bytes: Uint8Array) => void stored.set(key, bytes),
        get: async () => null,
        delete: async (key: string) => void stored.delete(key),
      },
      images: {
        reencode: async (bytes: Uint8Array) =>
          bytes[0] === 0xff ? { bytes, ext: 'webp', contentType: 'image/webp', width: 1, height: 1 } : null,
      },
      mailer: { send: async (m: OutgoingMail) => void mails.push(m) },
      admin: { audit: async (e: unknown) => void audits.push(e) },
      appUrl: 'http://localhost:3000',
      log: () => {},
    },
  };
}

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

describe('verification use cases', () => {
  it('needs a main photo to compare with', async () => {
    const { d } = deps({ mainPhotoId: null });
    expect(await startChallenge(d, 'u1')).toMatchObject({ ok: false, error: { code: 'VERIFICATION.NO_PHOTO' } });
  });

  it('stores the re-encoded selfie once per challenge and refuses an expired one', async () => {
    const { d, stored, rows } = deps();
    const ch = await startChallenge(d, 'u1');
    if (!ch.ok) throw new Error('no challenge');
    expect(await submitSelfie(d, 'u1', { challengeId: ch.value.id, bytes: jpeg })).toEqual({
      ok: true,
      value: { status: 'pending' },
    });
    expect([...stored.keys()]).toEqual([expect.stringMatching(/^selfie-u1\//)]);
    expect((await submitSelfie(d, 'u1', { challengeId: ch.value.id, bytes: jpeg })).ok).toBe(false);
    rows.clear();
    const next = await startChallenge(d, 'u1');
    if (!next.ok) throw new Error('no challenge');
    d.clock.advance(10 * MINUTE);
    expect(await submitSelfie(d, 'u1', { challengeId: next.value.id, bytes: jpeg })).toMatchObject({
      ok: false,
      error: { code: 'VERIFICATION.CHALLENGE_EXPIRED' },
    });
  });

  it('refuses a rejection without a listed reason; audits and mails a decision', async () => {
    const { d, mails, audits } = deps();
    const ch = await startChallenge(d, 'u1');
    if (!ch.ok) throw new Error('no challenge');
    await submitSelfie(d, 'u1', { challengeId: ch.value.id, bytes: jpeg });
    expect((await reviewVerification(d, 'admin', ch.value.id, { decision: 'reject', reason: 'meh' })).ok).toBe(false);
    expect(
      await reviewVerification(d, 'admin', ch.value.id, { decision: 'reject', reason: 'face-not-visible' }),
    ).toEqual({ ok: true, value: { status: 'rejected' } });
    expect(audits).toEqual([expect.objectContaining({ action: 'verification.rejected', targetId: ch.value.id })]);
    expect(mails).toEqual([expect.objectContaining({ to: 'student@ucla.edu' })]);
    expect(mails[0]?.text).toContain('Face not visible');
    expect(await reviewVerification(d, 'admin', ch.value.id, { decision: 'approve' })).toMatchObject({
      ok: false,
      error: { code: 'VERIFICATION.ALREADY_REVIEWED' },
    });
  });
});
