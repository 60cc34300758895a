import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PHOTO_VARIANT_WIDTHS, photoObjectKeys, photoVariantKey } from '../../core/profiles/photo-type';
import { PROFILE_MESSAGES } from '../../core/profiles/rules';
import { PROMPTS } from '../../fixtures/prompts';
import { jpegWithGps, photoForm, png } from '../support/images';
import { profileBody, uploadPhotos } from '../support/profiles';
import { makeTestApp, signedInClient } from '../support/test-app';

const activePrompts = PROMPTS.filter((p) => p.isActive);

describe('photos', () => {
  it('re-encodes an upload to WebP, strips EXIF and GPS, and serves it only to signed-in users', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'photo@ucla.edu');
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await c.post('/api/profile/photos', photoForm(original, 'beach.jpg'));
    expect(res.status).toBe(201);
    const [photo] = res.json.photos;
    expect(photo.url).toMatch(/^\/media\/[0-9a-f-]+\/\d+-[0-9a-f]+\.webp$/);
    const served = await c.bytes(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(served.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(served.bytes).includes(Buffer.from('TestCam'))).toBe(false);
    expect((await t.client().bytes(photo.url)).status).toBe(401);
  });

  it('caps the longest side', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'big@ucla.edu');
    const res = await c.post('/api/profile/photos', photoForm(await jpegWithGps(4000, 1000), 'wide.jpg'));
    const meta = await sharp((await c.bytes(res.json.photos[0].url)).bytes).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(400);
  });

  it('stores 96, 320 and 800 px copies at upload, serves them with ?w=, and deletes them with the photo (issue 18)', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'sizes@ucla.edu');
    const res = await c.post('/api/profile/photos', photoForm(await jpegWithGps(1200, 1600), 'tall.jpg'));
    const [photo] = res.json.photos as { id: string; url: string }[];
    const key = photo!.url.replace('/media/', '');
    for (const width of PHOTO_VARIANT_WIDTHS) {
      expect(existsSync(join(t.mediaDir, photoVariantKey(key, width)))).toBe(true);
      const served = await c.bytes(`${photo!.url}?w=${width}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('etag')).toBe(`"${key.split('/')[1]}-w${width}"`);
      const meta = await sharp(served.bytes).metadata();
      expect(meta.width).toBe(width);
      expect(Math.abs((meta.height ?? 0) - (width * 4) / 3)).toBeLessThanOrEqual(1);
      expect(meta.exif).toBeUndefined();
    }
    for (const bad of ['97', '1600', 'abc', '']) {
      const refused = await c.get(`${photo!.url}?w=${bad}`);
      expect(refused.status).toBe(400);
      expect(refused.json.detail).toBe('w must be one of 96, 320, 800');
    }
    expect((await c.delete(`/api/profile/photos/${photo!.id}`)).status).toBe(200);
    for (const k of photoObjectKeys(key)) expect(existsSync(join(t.mediaDir, k))).toBe(false);
    expect((await c.bytes(`${photo!.url}?w=96`)).status).toBe(404);
  });

  it("makes an older photo's missing copy on first request and keeps it; nothing else gets copies", async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'older@ucla.edu');
    const res = await c.post('/api/profile/photos', photoForm(await jpegWithGps(1200, 1600), 'tall.jpg'));
    const url = res.json.photos[0].url as string;
    const key = url.replace('/media/', '');
    // As stored before issue 18: the photo alone.
    for (const width of PHOTO_VARIANT_WIDTHS) rmSync(join(t.mediaDir, photoVariantKey(key, width)));
    const served = await c.bytes(`${url}?w=320`);
    expect(served.status).toBe(200);
    expect((await sharp(served.bytes).metadata()).width).toBe(320);
    expect(existsSync(join(t.mediaDir, photoVariantKey(key, 320)))).toBe(true);
    expect(existsSync(join(t.mediaDir, photoVariantKey(key, 96)))).toBe(false);
    // An object under the owner's folder that is no photo of the profile is served as it is.
    const stray = `${key.split('/')[0]}/1700000000000-abcd1234.webp`;
    await sharp(await jpegWithGps(1200, 1600))
      .webp()
      .toFile(join(t.mediaDir, stray));
    const plain = await c.bytes(`/media/${stray}?w=96`);
    expect(plain.status).toBe(200);
    expect((await sharp(plain.bytes).metadata()).width).toBe(1200);
    expect(existsSync(join(t.mediaDir, photoVariantKey(stray, 96)))).toBe(false);
  });

  it('refuses non-image bytes with an image name and a 6 MB file, with the spec messages', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'bad@ucla.edu');
    const fake = await c.post(
      '/api/profile/photos',
      photoForm(new TextEncoder().encode('#!/bin/sh\necho hi\n'.repeat(5)), 'cat.jpg'),
    );
    expect(fake.status).toBe(400);
    expect(fake.json.detail).toBe(PROFILE_MESSAGES.photoNotImage('cat.jpg'));
    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0], 0);
    const tooBig = await c.post('/api/profile/photos', photoForm(huge, 'huge.jpg'));
    expect(tooBig.status).toBe(400);
    expect(tooBig.json.detail).toBe('File huge.jpg is too large. Max size is 5MB.');
    expect((await c.get('/api/profile')).json.profile.photos).toEqual([]);
  });

  it('refuses a seventh photo, even when uploads race', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'seven@ucla.edu');
    await uploadPhotos(c, 5);
    const bytes = await png();
    const results = await Promise.all(
      [1, 2, 3].map((i) => c.post('/api/profile/photos', photoForm(bytes, `r${i}.png`, 'image/png'))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.json.detail).toBe('You can only upload up to 6 photos.');
    expect((await c.get('/api/profile')).json.profile.photos).toHaveLength(6);
  });

  it('reorders photos so the first is the profile photo, and deletes files', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'order@ucla.edu');
    const photos = (await uploadPhotos(c, 3))!.json.photos as { id: string; url: string }[];
    const reversed = [...photos].reverse().map((p) => p.id);
    const res = await c.put('/api/profile/photos/order', { photoIds: reversed });
    expect(res.json.photos.map((p: { id: string }) => p.id)).toEqual(reversed);
    expect((await c.get('/api/profile')).json.profile.profilePhotoUrl).toBe(photos[2]!.url);
    expect((await c.put('/api/profile/photos/order', { photoIds: reversed.slice(1) })).status).toBe(400);
    const del = await c.delete(`/api/profile/photos/${photos[0]!.id}`);
    expect(del.status).toBe(200);
    expect(del.json.photos).toHaveLength(2);
    expect((await c.bytes(photos[0]!.url)).status).toBe(404);
  });

  it("cannot touch another user's photos", async () => {
    const t = makeTestApp();
    const alice = await signedInClient(t, 'alice@ucla.edu');
    const mallory = await signedInClient(t, 'mallory@ucla.edu');
    const [photo] = (await uploadPhotos(alice, 1))!.json.photos;
    expect((await mallory.delete(`/api/profile/photos/${photo.id}`)).status).toBe(404);
    expect((await mallory.put('/api/profile/photos/order', { photoIds: [photo.id] })).status).toBe(400);
    expect((await alice.get('/api/profile')).json.profile.photos).toHaveLength(1);
  });
});

describe('completing the wizard', () => {
  it('needs 3 photos, then saves basics, prompts and preferences together and marks the profile', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'wizard@ucla.edu');
    await uploadPhotos(c, 2);
    const early = await c.post('/api/profile/complete', profileBody());
    expect(early.status).toBe(400);
    expect(early.json.detail).toBe('You need at least 3 photos to activate your profile.');
    await uploadPhotos(c, 1);
    const res = await c.post('/api/profile/complete', profileBody());
    expect(res.status).toBe(200);
    const p = res.json.profile;
    expect(p.isComplete).toBe(true);
    expect(p.prompts.map((a: { response: string }) => a.response)).toEqual([
      'Answer number 1',
      'Answer number 2',
      'Answer number 3',
    ]);
    expect(p.preferences.preferredNeighborhoods).toEqual(['Westwood', 'Palms']);
    expect(p.preferences.dealbreakers).toEqual(['smoking indoors', 'loud music after midnight']);
    expect(p.preferences.moveInDate).toBe('2027-08-20');
    expect(p.preferences.genderPreference).toEqual(['Open to all']);
    expect((await c.get('/api/me')).json.user.hasProfile).toBe(true);
  });

  it.each([
    [
      'a fourth prompt',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        prompts: [...b.prompts, { promptId: activePrompts[3]!.id, response: 'x' }],
      }),
      'You can only select up to 3 prompts.',
    ],
    [
      'a 301-character answer',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        prompts: b.prompts.map((p, i) => (i === 0 ? { ...p, response: 'a'.repeat(301) } : p)),
      }),
      PROFILE_MESSAGES.answerTooLong,
    ],
    [
      'a blank answer',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        prompts: b.prompts.map((p, i) => (i === 1 ? { ...p, response: '   ' } : p)),
      }),
      'Answer all selected prompts to continue',
    ],
    [
      'an unknown prompt',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        prompts: b.prompts.map((p, i) => (i === 2 ? { ...p, promptId: 'no-such-prompt' } : p)),
      }),
      PROFILE_MESSAGES.unknownPrompt,
    ],
    [
      'an inactive prompt',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        prompts: b.prompts.map((p, i) => (i === 2 ? { ...p, promptId: PROMPTS.find((x) => !x.isActive)!.id } : p)),
      }),
      PROFILE_MESSAGES.unknownPrompt,
    ],
    [
      'a slider at 0',
      (b: ReturnType<typeof profileBody>) => ({ ...b, preferences: { ...b.preferences, cleanliness: 0 } }),
      PROFILE_MESSAGES.sliderRange,
    ],
    [
      'a slider at 6',
      (b: ReturnType<typeof profileBody>) => ({ ...b, preferences: { ...b.preferences, studyHabits: 6 } }),
      PROFILE_MESSAGES.sliderRange,
    ],
    [
      'an invalid enum',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        preferences: { ...b.preferences, smokingTolerance: 'chain_smoker' },
      }),
      PROFILE_MESSAGES.invalidChoice,
    ],
    [
      'a missing required preference',
      (b: ReturnType<typeof profileBody>) => ({ ...b, preferences: { ...b.preferences, needsCosigner: null } }),
      'Complete all required preferences to finish',
    ],
    [
      'script in a bio',
      (b: ReturnType<typeof profileBody>) => ({ ...b, basics: { ...b.basics, bio: 'Hi <script>alert(1)</script>' } }),
      'Input contains potentially unsafe content',
    ],
    [
      'an unknown university',
      (b: ReturnType<typeof profileBody>) => ({ ...b, basics: { ...b.basics, university: 'Hogwarts' } }),
      PROFILE_MESSAGES.universityUnknown,
    ],
    [
      'Open to all with another option',
      (b: ReturnType<typeof profileBody>) => ({
        ...b,
        preferences: { ...b.preferences, genderPreference: ['Open to all', 'Male'] },
      }),
      PROFILE_MESSAGES.openToAllExclusive,
    ],
    [
      'a minimum budget above the maximum',
      (b: ReturnType<typeof profileBody>) => ({ ...b, preferences: { ...b.preferences, minBudget: 2000 } }),
      PROFILE_MESSAGES.budgetOrder,
    ],
  ])('refuses %s with its message and saves nothing', async (_label, change, message) => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'strict@ucla.edu');
    await uploadPhotos(c, 3);
    const res = await c.post('/api/profile/complete', change(profileBody()));
    expect(res.status).toBe(400);
    expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(message);
    const profile = (await c.get('/api/profile')).json.profile;
    expect(profile.isComplete).toBe(false);
    expect(profile.prompts).toEqual([]);
    expect(profile.preferences).toBeNull();
    expect(profile.name).toBeNull();
  });

  it('falls back to 2025 for a graduation year outside 2020–2030 (001 §5)', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'year@ucla.edu');
    await uploadPhotos(c, 3);
    const body = profileBody();
    const res = await c.post('/api/profile/complete', { ...body, basics: { ...body.basics, graduationYear: 1999 } });
    expect(res.json.profile.graduationYear).toBe(2025);
  });

  it('keeps no class year when none is chosen, and shows none to others (issue 17)', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'noyear@ucla.edu');
    await uploadPhotos(c, 3);
    const body = profileBody();
    const res = await c.post('/api/profile/complete', { ...body, basics: { ...body.basics, graduationYear: null } });
    expect(res.json.profile.graduationYear).toBeNull();
    const other = await signedInClient(t, 'viewer@ucla.edu');
    const seen = await other.get(`/api/profiles/${res.json.profile.userId}`);
    expect(seen.status).toBe(200);
    expect(seen.json.profile.graduationYear).toBeNull();
  });

  it('refuses mass assignment of ids and flags', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'mass2@ucla.edu');
    await uploadPhotos(c, 3);
    const body = profileBody();
    expect((await c.post('/api/profile/complete', { ...body, userId: 'someone-else' })).status).toBe(400);
    expect(
      (await c.post('/api/profile/complete', { ...body, basics: { ...body.basics, isPremium: true } })).status,
    ).toBe(400);
  });
});

describe('the editor and the profile view', () => {
  async function completed(t: ReturnType<typeof makeTestApp>, email: string) {
    const c = await signedInClient(t, email);
    await uploadPhotos(c, 3);
    const res = await c.post('/api/profile/complete', profileBody());
    return { c, id: res.json.profile.userId as string };
  }

  it('saves every section, keeps unset smoking and housing, and needs a completed profile', async () => {
    const t = makeTestApp();
    const fresh = await signedInClient(t, 'fresh@ucla.edu');
    expect((await fresh.put('/api/profile', profileBody())).status).toBe(404);
    const { c } = await completed(t, 'edit@ucla.edu');
    const body = profileBody();
    const res = await c.put('/api/profile', {
      ...body,
      basics: {
        ...body.basics,
        bio: 'Updated bio',
        gender: 'Prefer to self-describe',
        genderSelfDescribe: 'Genderfluid',
      },
      preferences: { ...body.preferences, smokingTolerance: null, housingStatus: '' },
      lifestyle: {
        cookingFrequency: 'daily',
        alcohol: 'socially',
        pets: 'have_pets',
        hobbies: ['climbing', 'Climbing', 'film'],
      },
    });
    expect(res.status).toBe(200);
    const p = res.json.profile;
    expect(p.bio).toBe('Updated bio');
    expect(p.genderSelfDescribe).toBe('Genderfluid');
    expect(p.preferences.smokingTolerance).toBe('no_smoking');
    expect(p.preferences.housingStatus).toBe('looking_to_join');
    expect(p.lifestyle.hobbies).toEqual(['climbing', 'film']);
  });

  it('keeps at least one photo on a completed profile', async () => {
    const t = makeTestApp();
    const { c } = await completed(t, 'keep@ucla.edu');
    const photos = (await c.get('/api/profile')).json.profile.photos as { id: string }[];
    expect((await c.delete(`/api/profile/photos/${photos[0]!.id}`)).status).toBe(200);
    expect((await c.delete(`/api/profile/photos/${photos[1]!.id}`)).status).toBe(200);
    const last = await c.delete(`/api/profile/photos/${photos[2]!.id}`);
    expect(last.status).toBe(400);
    expect(last.json.detail).toBe(PROFILE_MESSAGES.needOnePhoto);
  });

  it('shows complete profiles to others without private fields, and hides incomplete ones', async () => {
    const t = makeTestApp();
    const { id } = await completed(t, 'public@ucla.edu');
    const viewer = await signedInClient(t, 'viewer@ucla.edu');
    const res = await viewer.get(`/api/profiles/${id}`);
    expect(res.status).toBe(200);
    expect(res.json.profile).toMatchObject({
      name: 'Jordan Rivera',
      university: 'University of California, Los Angeles',
    });
    expect(res.json.profile.galleryUrls).toHaveLength(3);
    expect(JSON.stringify(res.json)).not.toContain('public@ucla.edu');
    expect(JSON.stringify(res.json)).not.toContain('smoking indoors');
    const me = (await viewer.get('/api/me')).json.user.id;
    expect((await viewer.get(`/api/profiles/${me}`)).status).toBe(404);
    expect((await viewer.get('/api/profiles/does-not-exist')).status).toBe(404);
    expect((await t.client().get(`/api/profiles/${id}`)).status).toBe(401);
  });
});

describe('reference data', () => {
  it('suggests at most 50 universities and majors, case-insensitively', async () => {
    const c = makeTestApp().client();
    const all = await c.get('/api/reference/universities');
    expect(all.json.items).toHaveLength(50);
    const ucla = await c.get('/api/reference/universities?q=LOS%20ANGELES');
    expect(ucla.json.items).toContain('University of California, Los Angeles');
    expect(ucla.json.items.every((n: string) => n.toLowerCase().includes('los angeles'))).toBe(true);
    const majors = await c.get('/api/reference/majors?q=science');
    expect(majors.json.items).toContain('Computer Science');
  });

  it('lists the active prompt catalogue in display order for signed-in users', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'prompts@ucla.edu');
    const res = await c.get('/api/prompts');
    expect(res.json.prompts.map((p: { id: string }) => p.id)).toEqual(activePrompts.map((p) => p.id));
    expect((await t.client().get('/api/prompts')).status).toBe(401);
  });
});
