/** What others see of a student's verification (issue 16 §3): badges everywhere, "Verified only" and "Ask to verify". */
import { MESSAGE_MESSAGES } from '../../core/messaging/rules';
import { matchedPair, quickStudent, rawSql, signedInStudent } from '../support/students';
import { GOOD_PASSWORD, makeTestApp } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

/** As an admin's approval leaves it: the selfie vouched for the student's main photo. */
function photoVerify(t: App, userId: string) {
  rawSql(t)
    .prepare(
      'UPDATE profiles SET photo_verified_photo_id = (SELECT id FROM photos WHERE user_id = ? ORDER BY position LIMIT 1) WHERE id = ?',
    )
    .run(userId, userId);
}

const NONE = { schoolVerified: false, photoVerified: false };

describe('badges (issue 16)', () => {
  it('show on the deck card, the profile, matches and the chat list, and the photo badge lapses with a new main photo', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const viewer = await signedInStudent(t, 'cam@ucla.edu');
    const unverified = await quickStudent(t, 'dee@ucla.edu');
    photoVerify(t, b.id);
    // ben@ucla.edu confirmed a UCLA address and studies at UCLA: the school is verified too.
    const both = { schoolVerified: true, photoVerified: true };

    const deck = (await viewer.c.post('/api/discover/deck', {})).json.candidates as {
      userId: string;
      badges: unknown;
    }[];
    expect(deck.find((c) => c.userId === b.id)?.badges).toEqual(both);
    expect(deck.find((c) => c.userId === unverified)?.badges).toEqual(NONE);
    expect((await viewer.c.get(`/api/profiles/${b.id}`)).json.profile.badges).toEqual(both);
    expect((await a.c.get('/api/matches')).json.matches[0].badges).toEqual(both);
    const list = (await a.c.get('/api/conversations')).json.conversations;
    expect(list.find((c: { id: string }) => c.id === conversationId).otherUser.badges).toEqual(both);

    // A new main photo: the selfie vouched for the old one, so the badge waits for a new selfie.
    const newMain = `${b.id}-new`;
    await t.db.profiles.addPhoto(b.id, { id: newMain, key: `${b.id}/2-new.webp` }, 6, t.clock.now());
    const photos = await t.db.profiles.listPhotos(b.id);
    await t.db.profiles.reorderPhotos(
      b.id,
      [newMain, ...photos.filter((p) => p.id !== newMain).map((p) => p.id)],
      t.clock.now(),
    );
    expect((await viewer.c.get(`/api/profiles/${b.id}`)).json.profile.badges).toEqual({
      schoolVerified: true,
      photoVerified: false,
    });
  });

  it('"Verified only" deals photo-verified students alone, free for everyone, and is not a Gold filter', async () => {
    const t = makeTestApp();
    const viewer = await signedInStudent(t, 'cam@ucla.edu');
    const verified = await quickStudent(t, 'vee@ucla.edu');
    const other = await quickStudent(t, 'dee@ucla.edu');
    photoVerify(t, verified);
    const all = await viewer.c.post('/api/discover/deck', {});
    expect((all.json.candidates as { userId: string }[]).map((c) => c.userId).sort()).toEqual([verified, other].sort());
    const only = await viewer.c.post('/api/discover/deck', { verifiedOnly: true });
    expect(only.status).toBe(200);
    expect((only.json.candidates as { userId: string }[]).map((c) => c.userId)).toEqual([verified]);
    expect((await viewer.c.post('/api/discover/deck', { verifiedOnly: 'yes' })).status).toBe(400);
  });
});

describe('"Ask to verify" (issue 16)', () => {
  it('sends one polite system message a week per conversation, live and in the history, even under a burst', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const path = `/api/conversations/${conversationId}/verification-request`;
    const burst = await Promise.all(Array.from({ length: 5 }, () => a.c.post(path)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429]);
    const sent = burst.find((r) => r.status === 201)?.json.message;
    expect(sent).toMatchObject({
      kind: 'verification_request',
      senderId: a.id,
      content: MESSAGE_MESSAGES.verificationRequest,
    });
    const seen = (await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
    expect(seen).toEqual([expect.objectContaining({ id: sent.id, kind: 'verification_request' })]);
    expect(burst.find((r) => r.status === 429)?.headers.get('retry-after')).toBeTruthy();

    // A week later, once more; the other side may ask too.
    t.clock.advance(7 * 86_400_000 + 1000);
    const again = t.client();
    expect((await again.post('/api/auth/sign-in', { email: 'ana@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
      200,
    );
    expect((await again.post(path)).status).toBe(201);
  });

  it('refuses to ask a verified student, a stranger or across a block, and changes nothing', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const stranger = await signedInStudent(t, 'cam@ucla.edu');
    const path = `/api/conversations/${conversationId}/verification-request`;
    expect((await stranger.c.post(path)).status).toBe(404);
    photoVerify(t, b.id);
    const verified = await a.c.post(path);
    expect(verified.status).toBe(409);
    expect(verified.json.detail).toBe(MESSAGE_MESSAGES.alreadyVerified);
    expect((await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages).toEqual([]);
    expect((await b.c.post('/api/blocks', { blockedUserId: a.id })).status).toBeLessThan(300);
    expect((await b.c.post(path)).status).toBe(404);
  });
});
