/**
 * Photo verification (issue 16 §2): a pose drawn on the server (10 minutes, single use, 3 tries a
 * day), a live selfie stored privately and stripped of metadata, an admin's audited decision told
 * by e-mail, the badge suspended by a new main photo, and the selfie's retention, export and erasure.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalDiskPhotoStore } from '../../adapters/storage/local-disk.photo-store';
import { processDataRequests } from '../../core/privacy/data-requests';
import { eraseStoredObjects } from '../../core/privacy/erase-objects';
import { retentionCutoffs } from '../../core/privacy/retention';
import { photoObjectKeys } from '../../core/profiles/photo-type';
import { MINUTE } from '../../core/shared/clock';
import { POSES } from '../../core/verification/poses';
import { purgeReviewedSelfies } from '../../core/verification/verification';
import { jpegWithGps, photoForm, png } from '../support/images';
import { profileBody } from '../support/profiles';
import { GOOD_PASSWORD, makeTestApp, signedInAdmin, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

async function student(t: App, email: string, options: { complete?: boolean } = {}) {
  const c = await signedInClient(t, email);
  let up = await c.post('/api/profile/photos', photoForm(await png(), 'me.png', 'image/png'));
  if (up.status !== 201) throw new Error(up.text);
  if (options.complete) {
    for (const n of [2, 3])
      up = await c.post('/api/profile/photos', photoForm(await png(300 + n, 300), `${n}.png`, 'image/png'));
    await c.post('/api/agreements', { accepted: true });
    const done = await c.post('/api/profile/complete', profileBody());
    if (done.status !== 200 && done.status !== 201) throw new Error(done.text);
  }
  const id = (await c.get('/api/me')).json.user.id as string;
  return { c, id, photos: up.json.photos as { id: string; url: string }[] };
}

/** Signs in again: the access token does not outlive a clock moved by hours or days. */
async function signIn(t: App, email: string) {
  const c = t.client();
  expect((await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).status).toBe(200);
  return c;
}

const admin = (t: App, email = 'admin@ucla.edu') => signedInAdmin(t, email);

const selfieForm = async (challengeId: string, bytes?: Uint8Array) => {
  const form = new FormData();
  form.append('challengeId', challengeId);
  const file = bytes ?? (await jpegWithGps(640, 480));
  form.append('selfie', new File([file as unknown as BlobPart], 'selfie.jpg', { type: 'image/jpeg' }));
  return form;
};

async function submitted(c: TestClient) {
  const ch = await c.post('/api/verification/challenge');
  expect(ch.status).toBe(200);
  const res = await c.post('/api/verification/selfie', await selfieForm(ch.json.challenge.id));
  expect(res.status).toBe(201);
  return ch.json.challenge as { id: string; pose: string; poseLabel: string };
}

describe('photo verification: the pose challenge', () => {
  it('draws a described pose valid for 10 minutes, the same one until it is used or expires', async () => {
    const t = makeTestApp();
    const { c } = await student(t, 'pose@ucla.edu');
    const first = await c.post('/api/verification/challenge');
    expect(first.status).toBe(200);
    const { challenge } = first.json;
    expect(POSES.map((p) => p.id)).toContain(challenge.pose);
    expect(POSES.find((p) => p.id === challenge.pose)?.label).toBe(challenge.poseLabel);
    expect(new Date(challenge.expiresAt).getTime() - t.clock.now().getTime()).toBe(10 * MINUTE);
    t.clock.advance(9 * MINUTE);
    expect((await c.post('/api/verification/challenge')).json.challenge.id).toBe(challenge.id);
    expect((await c.get('/api/verification')).json.trust.triesLeft).toBe(2);
  });

  it('refuses a selfie after the 10 minutes, without a challenge, or for a challenge used already', async () => {
    const t = makeTestApp();
    const { c } = await student(t, 'expiry@ucla.edu');
    const ch = (await c.post('/api/verification/challenge')).json.challenge;
    t.clock.advance(10 * MINUTE + 1);
    const late = await c.post('/api/verification/selfie', await selfieForm(ch.id));
    expect(late).toMatchObject({ status: 409, json: { code: 'VERIFICATION.CHALLENGE_EXPIRED' } });

    const none = await c.post('/api/verification/selfie', await selfieForm('no-such-challenge'));
    expect(none).toMatchObject({ status: 409, json: { code: 'VERIFICATION.NO_CHALLENGE' } });
    const form = new FormData();
    form.append('selfie', new File([(await png()) as unknown as BlobPart], 's.png', { type: 'image/png' }));
    expect((await c.post('/api/verification/selfie', form)).status).toBe(400);

    // A fresh pose: two submissions at once, one claims it; then it is spent.
    const fresh = (await c.post('/api/verification/challenge')).json.challenge;
    expect(fresh.id).not.toBe(ch.id);
    const both = await Promise.all([
      c.post('/api/verification/selfie', await selfieForm(fresh.id)),
      c.post('/api/verification/selfie', await selfieForm(fresh.id)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await c.post('/api/verification/selfie', await selfieForm(fresh.id));
    expect(again).toMatchObject({ status: 409, json: { code: 'VERIFICATION.NO_CHALLENGE' } });
    expect((await c.get('/api/verification')).json.trust.photo.state).toBe('pending');
    // …and the loser's file did not stay behind: one selfie in the store.
    const queue = await t.db.verifications.queue(10);
    expect(queue).toHaveLength(1);
    expect(await t.db.verifications.selfieKeys(queue[0]!.userId)).toHaveLength(1);
  });

  it('refuses a challenge from another student, without a photo, and while a selfie is pending', async () => {
    const t = makeTestApp();
    const a = await student(t, 'owner-a@ucla.edu');
    const b = await student(t, 'owner-b@ucla.edu');
    const ch = (await a.c.post('/api/verification/challenge')).json.challenge;
    expect((await b.c.post('/api/verification/selfie', await selfieForm(ch.id))).json.code).toBe(
      'VERIFICATION.NO_CHALLENGE',
    );
    const nophoto = await signedInClient(t, 'nophoto@ucla.edu');
    expect((await nophoto.post('/api/verification/challenge')).json.code).toBe('VERIFICATION.NO_PHOTO');
    await a.c.post('/api/verification/selfie', await selfieForm(ch.id));
    expect((await a.c.post('/api/verification/challenge')).json.code).toBe('VERIFICATION.PENDING');
    expect((await t.client().post('/api/verification/challenge')).status).toBe(401);
    expect((await t.client().get('/api/verification')).status).toBe(401);
  });

  it('allows 3 tries a day however many requests arrive at once', async () => {
    const t = makeTestApp();
    const { c } = await student(t, 'tries@ucla.edu');
    const ids = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const burst = await Promise.all(Array.from({ length: 6 }, () => c.post('/api/verification/challenge')));
      expect(burst.map((r) => r.status)).toEqual(Array(6).fill(200));
      // Concurrent requests share the one challenge they drew: one try, not six.
      expect(new Set(burst.map((r) => r.json.challenge.id)).size).toBe(1);
      ids.add(burst[0]!.json.challenge.id);
      expect((await c.get('/api/verification')).json.trust.triesLeft).toBe(2 - round);
      t.clock.advance(11 * MINUTE);
      expect((await c.post('/api/auth/refresh')).status).toBe(200);
    }
    expect(ids.size).toBe(3);
    const refused = await Promise.all(Array.from({ length: 6 }, () => c.post('/api/verification/challenge')));
    expect(refused.map((r) => r.status)).toEqual(Array(6).fill(429));
    expect(refused[0]!.json.code).toBe('VERIFICATION.TRIES_USED');
    const trust = (await c.get('/api/verification')).json.trust;
    expect(trust.triesLeft).toBe(0);
    // The first try was drawn 33 minutes ago: it frees up a day after it was drawn.
    expect(Number(refused[0]!.headers.get('retry-after'))).toBe(24 * 60 * 60 - 33 * 60);
    expect(new Date(trust.nextTryAt).getTime() - t.clock.now().getTime()).toBe((24 * 60 - 33) * MINUTE);
    t.clock.advance(24 * 60 * MINUTE);
    expect((await (await signIn(t, 'tries@ucla.edu')).post('/api/verification/challenge')).status).toBe(200);
  });
});

describe('photo verification: review', () => {
  it('queues the selfie beside the photos and pose for admins only, stripped of metadata', async () => {
    const t = makeTestApp();
    const s = await student(t, 'queued@ucla.edu');
    const ch = await submitted(s.c);
    const stranger = await student(t, 'stranger@ucla.edu');
    expect((await stranger.c.get('/api/admin/verifications')).status).toBe(403);
    const boss = await admin(t);
    const queue = (await boss.get('/api/admin/verifications')).json.verifications;
    expect(queue).toHaveLength(1);
    const item = queue[0];
    expect(item).toMatchObject({
      userId: s.id,
      email: 'queued@ucla.edu',
      pose: ch.pose,
      poseLabel: ch.poseLabel,
      mainPhotoId: s.photos[0]!.id,
      mainPhotoChanged: false,
      photos: [{ id: s.photos[0]!.id, url: s.photos[0]!.url }],
    });
    const selfie = await boss.bytes(item.selfieUrl);
    expect(selfie.status).toBe(200);
    const meta = await sharp(selfie.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(640);

    // Never readable by another student: not the admin endpoint, not /media, not even its owner.
    expect((await stranger.c.bytes(item.selfieUrl)).status).toBe(403);
    expect((await s.c.bytes(item.selfieUrl)).status).toBe(403);
    const [key] = await t.db.verifications.selfieKeys(s.id);
    expect(key).toMatch(/^selfie-/);
    expect((await stranger.c.bytes(`/media/${key}`)).status).toBe(404);
    expect((await s.c.bytes(`/media/${key}`)).status).toBe(404);
    expect(JSON.stringify((await s.c.get('/api/verification')).json)).not.toContain(key);
  });

  it('rejects with a reason from the list: audited, e-mailed, shown on the trust card; a retry is allowed', async () => {
    const t = makeTestApp();
    const s = await student(t, 'rejected@ucla.edu');
    await submitted(s.c);
    const boss = await admin(t);
    const audit = vi.spyOn(t.db.admins, 'audit');
    const [item] = (await boss.get('/api/admin/verifications')).json.verifications;
    const path = `/api/admin/verifications/${item.id}/review`;
    expect((await s.c.post(path, { decision: 'approve' })).status).toBe(403);
    expect((await boss.post(path, { decision: 'reject' })).status).toBe(400);
    expect((await boss.post(path, { decision: 'reject', reason: 'ugly' })).status).toBe(400);
    const res = await boss.post(path, { decision: 'reject', reason: 'pose-does-not-match' });
    expect(res).toMatchObject({ status: 200, json: { status: 'rejected' } });
    expect((await boss.post(path, { decision: 'approve' })).json.code).toBe('VERIFICATION.ALREADY_REVIEWED');
    expect(audit).toHaveBeenCalledTimes(1);
    expect(audit.mock.calls[0]![0]).toMatchObject({
      action: 'verification.rejected',
      targetType: 'photo_verification',
      targetId: item.id,
      details: { userId: s.id, reason: 'pose-does-not-match' },
    });
    const mail = (await t.db.outbox.list(50)).find(
      (m) => m.to === 'rejected@ucla.edu' && /not approved/.test(m.subject),
    );
    expect(mail?.text).toContain('Reason: Pose does not match.');
    const trust = (await s.c.get('/api/verification')).json.trust;
    expect(trust.photo).toMatchObject({
      state: 'rejected',
      reason: 'pose-does-not-match',
      reasonLabel: 'Pose does not match',
    });
    expect(trust.triesLeft).toBe(2);
    expect((await boss.get('/api/admin/verifications')).json.verifications).toEqual([]);
    expect((await s.c.post('/api/verification/challenge')).status).toBe(200);
  });

  it('approves: the badge follows the main photo at submission, and a new main photo suspends it', async () => {
    const t = makeTestApp();
    const s = await student(t, 'approved@ucla.edu', { complete: true });
    await submitted(s.c);
    const boss = await admin(t);
    const [item] = (await boss.get('/api/admin/verifications')).json.verifications;
    expect((await boss.post(`/api/admin/verifications/${item.id}/review`, { decision: 'approve' })).status).toBe(200);
    expect(
      (await t.db.outbox.list(50)).some((m) => m.to === 'approved@ucla.edu' && /is verified/.test(m.subject)),
    ).toBe(true);
    expect((await s.c.get('/api/verification')).json.trust.photo.state).toBe('verified');
    expect((await s.c.post('/api/verification/challenge')).json.code).toBe('VERIFICATION.ALREADY_VERIFIED');

    // A new photo first in the order: the badge is suspended, with no write to the verification.
    const added = await s.c.post('/api/profile/photos', photoForm(await png(200, 200), 'new.png', 'image/png'));
    const ids = (added.json.photos as { id: string }[]).map((p) => p.id);
    const newId = ids.at(-1) as string;
    const newFirst = [newId, ...ids.slice(0, -1)];
    expect((await s.c.put('/api/profile/photos/order', { photoIds: newFirst })).status).toBe(200);
    expect((await s.c.get('/api/verification')).json.trust.photo.state).toBe('suspended');
    // Putting the verified photo back first restores it; a new selfie is the other way back.
    await s.c.put('/api/profile/photos/order', { photoIds: ids });
    expect((await s.c.get('/api/verification')).json.trust.photo.state).toBe('verified');
    await s.c.put('/api/profile/photos/order', { photoIds: newFirst });
    await submitted(s.c);
    const [next] = (await boss.get('/api/admin/verifications')).json.verifications;
    expect(next.mainPhotoId).toBe(newId);
    await boss.post(`/api/admin/verifications/${next.id}/review`, { decision: 'approve' });
    expect((await s.c.get('/api/verification')).json.trust.photo.state).toBe('verified');
  });

  it('keeps the badge suspended when the main photo changed between the selfie and the approval', async () => {
    const t = makeTestApp();
    const s = await student(t, 'changed@ucla.edu', { complete: true });
    await submitted(s.c);
    const added = await s.c.post('/api/profile/photos', photoForm(await png(220, 220), 'n.png', 'image/png'));
    const ids = (added.json.photos as { id: string }[]).map((p) => p.id);
    const moved = [ids.at(-1) as string, ...ids.slice(0, -1)];
    expect((await s.c.put('/api/profile/photos/order', { photoIds: moved })).status).toBe(200);
    const boss = await admin(t);
    const [item] = (await boss.get('/api/admin/verifications')).json.verifications;
    expect(item.mainPhotoChanged).toBe(true);
    await boss.post(`/api/admin/verifications/${item.id}/review`, { decision: 'approve' });
    expect((await s.c.get('/api/verification')).json.trust.photo.state).toBe('suspended');
  });
});

describe('photo verification: retention, export and erasure', () => {
  it('deletes the selfie 30 days after review and keeps the decision', async () => {
    const t = makeTestApp();
    const s = await student(t, 'retention@ucla.edu');
    await submitted(s.c);
    const boss = await admin(t);
    const [item] = (await boss.get('/api/admin/verifications')).json.verifications;
    await boss.post(`/api/admin/verifications/${item.id}/review`, { decision: 'reject', reason: 'face-not-visible' });
    const [key] = await t.db.verifications.selfieKeys(s.id);
    const file = join(t.mediaDir, key!);
    expect(existsSync(file)).toBe(true);
    const deps = { verifications: t.db.verifications, photoStore: new LocalDiskPhotoStore(t.mediaDir), log: () => {} };
    t.clock.advance(29 * 24 * 60 * MINUTE);
    expect(await purgeReviewedSelfies(deps, retentionCutoffs(t.clock.now()).selfiesAfterReview, false)).toBe(0);
    t.clock.advance(24 * 60 * MINUTE + 1);
    const cutoff = retentionCutoffs(t.clock.now()).selfiesAfterReview;
    expect(await purgeReviewedSelfies(deps, cutoff, true)).toBe(1);
    expect(existsSync(file)).toBe(true);
    expect(await purgeReviewedSelfies(deps, cutoff, false)).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(await t.db.verifications.selfieKeys(s.id)).toEqual([]);
    expect((await (await signIn(t, 'admin@ucla.edu')).bytes(item.selfieUrl)).status).toBe(404);
    const later = await signIn(t, 'retention@ucla.edu');
    expect((await later.get('/api/verification')).json.trust.photo).toMatchObject({ state: 'rejected' });
  });

  it('lists the verifications in the export while kept, and erases the selfie and photo objects with the account', async () => {
    const t = makeTestApp();
    const s = await student(t, 'erase@ucla.edu');
    const ch = await submitted(s.c);
    const [key] = await t.db.verifications.selfieKeys(s.id);
    const req = (await s.c.post('/api/data-requests', { requestType: 'export' })).json.request;
    const privacy = { clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy };
    await processDataRequests(privacy, { erase: false });
    const dl = await s.c.get(`/api/data-requests/${req.id}/download`);
    expect(dl.json.photo_verifications).toEqual([
      expect.objectContaining({ id: ch.id, pose: ch.pose, status: 'pending', selfie_key: key }),
    ]);
    expect((await s.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
    const store = new LocalDiskPhotoStore(t.mediaDir);
    // Every profile photo with its sized copies (issue 18), and the selfie.
    const photoKeys = (await t.db.profiles.listPhotos(s.id)).flatMap((p) => photoObjectKeys(p.key));
    const files = [key!, ...photoKeys].map((k) => join(t.mediaDir, k));
    expect(photoKeys.length).toBeGreaterThanOrEqual(4);
    expect(files.filter((f) => !existsSync(f))).toEqual([]);
    const objects = { profiles: t.db.profiles, verifications: t.db.verifications, photoStore: store };
    await processDataRequests(
      { ...privacy, beforeErase: (userId) => eraseStoredObjects(objects, userId) },
      { erase: true },
    );
    expect(files.filter((f) => existsSync(f))).toEqual([]);
    expect(await t.db.users.findById(s.id)).toBeNull();
    expect(await t.db.verifications.queue(10)).toEqual([]);
  });
});
