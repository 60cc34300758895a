/**
 * Photo verification (api/routes/verification): the trust card, a pose challenge and the selfie
 * upload for students; the queue and decisions for admins. State is a small record per test.
 */
import { HttpResponse, http } from 'msw';
import { REJECT_REASONS, type RejectReason } from '../../../core/verification/rules';
import type { PoseChallenge, TrustStatus, VerificationQueueItem } from '../lib/api-types';

const problem = (status: number, code: string, detail: string) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title: code, status, detail, code },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const initialTrust = (): TrustStatus => ({
  emailConfirmed: true,
  school: { verified: true, university: 'Stanford University' },
  photo: { state: 'none', reason: null, reasonLabel: null, at: null },
  triesLeft: 3,
  nextTryAt: null,
});

/** Test switches and what the handlers received. */
export const verificationTest = {
  trust: initialTrust(),
  challenge: {
    id: 'challenge-1',
    pose: 'thumbs-up',
    poseLabel: 'Thumbs up next to your face',
    expiresAt: '2026-09-01T12:10:00.000Z',
  } as PoseChallenge,
  /** The next selfie upload answers this problem instead (e.g. an expired pose). */
  failUpload: null as null | { status: number; code: string; detail: string },
  challenges: 0,
  uploads: [] as Array<{ challengeId: string; type: string; size: number }>,
  queue: [] as VerificationQueueItem[],
  decisions: [] as Array<{ id: string; body: unknown }>,
  reset() {
    this.trust = initialTrust();
    this.failUpload = null;
    this.challenges = 0;
    this.uploads = [];
    this.queue = [];
    this.decisions = [];
  },
};

export const verificationHandlers = [
  http.get('/api/verification', () => HttpResponse.json({ trust: verificationTest.trust })),

  http.post('/api/verification/challenge', () => {
    verificationTest.challenges++;
    if (verificationTest.trust.triesLeft === 0)
      return problem(429, 'VERIFICATION.TRIES_USED', 'You have used your 3 tries for today. Try again tomorrow.');
    return HttpResponse.json({ challenge: verificationTest.challenge });
  }),

  http.post('/api/verification/selfie', async ({ request }) => {
    const form = await request.formData();
    // A file part (Node's File under the multipart stub, so not jsdom's Blob class): read it by shape.
    const selfie = form.get('selfie') as unknown as { type?: string; size?: number } | string | null;
    const file = selfie && typeof selfie === 'object' ? selfie : null;
    verificationTest.uploads.push({
      challengeId: String(form.get('challengeId')),
      type: file?.type ?? typeof selfie,
      size: file?.size ?? 0,
    });
    const fail = verificationTest.failUpload;
    if (fail) {
      verificationTest.failUpload = null;
      return problem(fail.status, fail.code, fail.detail);
    }
    verificationTest.trust = {
      ...verificationTest.trust,
      photo: { state: 'pending', reason: null, reasonLabel: null, at: '2026-09-01T12:01:00.000Z' },
      triesLeft: verificationTest.trust.triesLeft - 1,
    };
    return HttpResponse.json({ trust: verificationTest.trust }, { status: 201 });
  }),

  http.get('/api/admin/verifications', () => HttpResponse.json({ verifications: verificationTest.queue })),

  http.post('/api/admin/verifications/:id/review', async ({ params, request }) => {
    const body = (await request.json()) as { decision: 'approve' } | { decision: 'reject'; reason: RejectReason };
    const id = String(params.id);
    if (!verificationTest.queue.some((v) => v.id === id))
      return problem(409, 'VERIFICATION.ALREADY_REVIEWED', 'This selfie has already been reviewed.');
    if (body.decision === 'reject' && !(body.reason in REJECT_REASONS))
      return problem(400, 'VALIDATION', 'Choose a reason for rejecting.');
    verificationTest.decisions.push({ id, body });
    verificationTest.queue = verificationTest.queue.filter((v) => v.id !== id);
    return HttpResponse.json({ status: body.decision === 'approve' ? 'approved' : 'rejected' });
  }),
];
