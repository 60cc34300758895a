/**
 * The profile API of api/routes/profiles, backed by the in-memory db. Validation uses the same
 * core rules as the server, so a test sees the server's messages and field paths.
 */
import { HttpResponse, http } from 'msw';
import { isProfileComplete, profileCompletion } from '../../../core/profiles/completeness';
import type { Profile } from '../../../core/profiles/model';
import {
  checkBasics,
  checkLifestyle,
  checkPreferences,
  cleanPromptAnswers,
  type LifestyleInput,
  PHOTO_LIMITS,
  PROFILE_MESSAGES,
  promptAnswerErrors,
  suggest,
} from '../../../core/profiles/rules';
import { MAJORS } from '../../../fixtures/majors';
import { PROMPTS } from '../../../fixtures/prompts';
import { UNIVERSITY_NAMES } from '../../../fixtures/university-list';
import type { OwnProfile, ProfileInput, PublicProfile } from '../lib/api-types';
import { db } from './db';

/** What the db's profile row holds (as JSON). */
type StoredProfile = {
  basics: Profile['basics'];
  prompts: Profile['prompts'];
  preferences: Profile['preferences'];
  lifestyle: LifestyleInput;
  completed: boolean;
};

export const TEST_TODAY = new Date('2026-03-01T12:00:00Z');

const activePrompts = () =>
  PROMPTS.filter((p) => p.isActive)
    .sort((a, b) => a.displayOrder - b.displayOrder)
    .map(({ id, promptText, category, displayOrder }) => ({ id, promptText, category, displayOrder }));

const problem = (status: number, code: string, detail: string, errors?: { path: string; message: string }[]) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title: code, status, detail, code, errors },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

function currentUserId(): string | null {
  return db.session.getAll()[0]?.userId ?? null;
}

export const photosOf = (userId: string) =>
  db.photo
    .findMany({ where: { userId: { equals: userId } } })
    .sort((a, b) => a.position - b.position)
    .map((p) => ({ id: p.id, url: p.url }));

function stored(userId: string): StoredProfile | null {
  const row = db.profile.findFirst({ where: { userId: { equals: userId } } });
  return row ? (JSON.parse(row.data) as StoredProfile) : null;
}

function toCore(userId: string): Profile {
  const s = stored(userId);
  return {
    userId,
    basics: s?.basics ?? null,
    lifestyle: s?.lifestyle ?? { cookingFrequency: null, alcohol: null, pets: null, hobbies: [] },
    photos: photosOf(userId).map((p, i) => ({ ...p, key: p.id, position: i })),
    prompts: s?.prompts ?? [],
    preferences: s?.preferences ?? null,
    completedAt: s?.completed ? TEST_TODAY : null,
    updatedAt: s ? TEST_TODAY : null,
  };
}

/** The school the user's confirmed address gives (issue 16 §1), as the server keeps it. */
const verifiedUniversityOf = (userId: string) =>
  db.user.findFirst({ where: { id: { equals: userId } } })?.verifiedUniversity ?? null;

export function ownProfileDto(userId: string): OwnProfile {
  const p = toCore(userId);
  const verifiedUniversity = verifiedUniversityOf(userId);
  return {
    userId,
    name: p.basics?.name ?? null,
    bio: p.basics?.bio ?? null,
    university: p.basics?.university ?? null,
    major: p.basics?.major ?? null,
    graduationYear: p.basics?.graduationYear ?? null,
    gender: p.basics?.gender ?? null,
    genderSelfDescribe: p.basics?.genderSelfDescribe ?? null,
    profilePhotoUrl: p.photos[0]?.url ?? null,
    galleryUrls: p.photos.map((ph) => ph.url),
    photos: p.photos.map(({ id, url }) => ({ id, url })),
    prompts: p.prompts,
    preferences: p.preferences ? { ...p.preferences, dealbreakerRules: p.preferences.dealbreakerRules ?? [] } : null,
    lifestyle: p.lifestyle,
    isComplete: isProfileComplete(p),
    completion: profileCompletion(p),
    updatedAt: p.updatedAt?.toISOString() ?? null,
    verifiedUniversity,
    schoolVerified: verifiedUniversity !== null && verifiedUniversity === (p.basics?.university ?? null),
  };
}

function publicProfileDto(userId: string): PublicProfile {
  const p = toCore(userId);
  const pref = p.preferences;
  return {
    userId,
    badges: { schoolVerified: false, photoVerified: false },
    name: p.basics?.name ?? 'Unknown User',
    bio: p.basics?.bio ?? '',
    university: p.basics?.university ?? '',
    major: p.basics?.major ?? '',
    graduationYear: p.basics?.graduationYear ?? null,
    gender: p.basics?.gender ?? null,
    profilePhotoUrl: p.photos[0]?.url ?? null,
    galleryUrls: p.photos.slice(0, 6).map((ph) => ph.url),
    prompts: p.prompts,
    lifestyle: {
      cleanliness: pref?.cleanliness ?? null,
      noiseLevel: pref?.noiseLevel ?? null,
      sleepSchedule: pref?.sleepSchedule ?? null,
      studyHabits: pref?.studyHabits ?? null,
      guestPolicy: pref?.guestPolicy ?? null,
      smokingTolerance: pref?.smokingTolerance ?? null,
      housingStatus: pref?.housingStatus ?? null,
      minBudget: pref?.minBudget ?? null,
      maxBudget: pref?.maxBudget ?? null,
      moveIn: pref?.moveIn ?? null,
      cookingFrequency: p.lifestyle.cookingFrequency,
      alcohol: p.lifestyle.alcohol,
      pets: p.lifestyle.pets,
    },
    hobbies: p.lifestyle.hobbies,
  };
}

function save(userId: string, body: ProfileInput, mode: 'complete' | 'edit') {
  const min = mode === 'complete' ? PHOTO_LIMITS.wizardMin : PHOTO_LIMITS.editorMin;
  if (photosOf(userId).length < min) {
    return problem(
      400,
      'PROFILES.NEED_PHOTOS',
      mode === 'complete' ? PROFILE_MESSAGES.needPhotos : PROFILE_MESSAGES.needOnePhoto,
    );
  }
  const known = new Set(activePrompts().map((p) => p.id));
  const basics = checkBasics(
    body.basics,
    (name) => UNIVERSITY_NAMES.find((n) => n.toLowerCase() === name.toLowerCase()) ?? null,
    verifiedUniversityOf(userId),
  );
  const prefs = checkPreferences(body.preferences, { requireAll: mode === 'complete', today: TEST_TODAY });
  const lifestyle = body.lifestyle ? checkLifestyle(body.lifestyle) : null;
  const errors = [
    ...(basics.ok ? [] : basics.errors),
    ...promptAnswerErrors(body.prompts, known),
    ...(prefs.ok ? [] : prefs.errors),
    ...(lifestyle && !lifestyle.ok ? lifestyle.errors : []),
  ];
  if (errors.length > 0 || !basics.ok || !prefs.ok) {
    return problem(400, 'VALIDATION', errors[0]?.message ?? 'Invalid input detected', errors);
  }
  const previous = stored(userId);
  const catalogue = new Map(activePrompts().map((p) => [p.id, p]));
  const data: StoredProfile = {
    basics: basics.value,
    prompts: cleanPromptAnswers(body.prompts).map((a) => ({
      ...a,
      promptText: catalogue.get(a.promptId)?.promptText ?? '',
      category: catalogue.get(a.promptId)?.category ?? 'other',
    })),
    preferences: prefs.value,
    lifestyle:
      lifestyle?.ok === true
        ? lifestyle.value
        : (previous?.lifestyle ?? { cookingFrequency: null, alcohol: null, pets: null, hobbies: [] }),
    completed: previous?.completed || mode === 'complete',
  };
  db.profile.deleteMany({ where: { userId: { equals: userId } } });
  db.profile.create({ userId, data: JSON.stringify(data) });
  if (mode === 'complete') db.user.update({ where: { id: { equals: userId } }, data: { hasProfile: true } });
  return HttpResponse.json({ profile: ownProfileDto(userId) });
}

const unauthenticated = () => problem(401, 'AUTH.UNAUTHENTICATED', 'User not authenticated');

export const profileHandlers = [
  http.get('/api/prompts', () =>
    currentUserId() ? HttpResponse.json({ prompts: activePrompts() }) : unauthenticated(),
  ),

  http.get('/api/reference/universities', ({ request }) =>
    HttpResponse.json({ items: suggest(UNIVERSITY_NAMES, new URL(request.url).searchParams.get('q') ?? '') }),
  ),

  http.get('/api/reference/majors', ({ request }) =>
    HttpResponse.json({ items: suggest(MAJORS, new URL(request.url).searchParams.get('q') ?? '') }),
  ),

  http.get('/api/profile', () => {
    const userId = currentUserId();
    return userId ? HttpResponse.json({ profile: ownProfileDto(userId) }) : unauthenticated();
  }),

  http.post('/api/profile/photos', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const file = (await request.formData()).get('photo');
    if (!(file instanceof File)) return problem(400, 'VALIDATION', 'Invalid input detected');
    if (file.size > PHOTO_LIMITS.maxBytes) {
      return problem(400, 'PROFILES.PHOTO_TOO_LARGE', PROFILE_MESSAGES.photoTooLarge(file.name));
    }
    if (!file.type.startsWith('image/')) {
      return problem(400, 'PROFILES.PHOTO_NOT_IMAGE', PROFILE_MESSAGES.photoNotImage(file.name));
    }
    const count = photosOf(userId).length;
    if (count >= PHOTO_LIMITS.max) return problem(400, 'PROFILES.TOO_MANY_PHOTOS', PROFILE_MESSAGES.tooManyPhotos);
    const photo = db.photo.create({ userId, url: '', position: count });
    db.photo.update({ where: { id: { equals: photo.id } }, data: { url: `/media/${userId}/${photo.id}.webp` } });
    return HttpResponse.json({ photos: photosOf(userId) }, { status: 201 });
  }),

  http.delete('/api/profile/photos/:photoId', ({ params }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const photo = db.photo.findFirst({ where: { id: { equals: String(params.photoId) }, userId: { equals: userId } } });
    if (!photo) return problem(404, 'PROFILES.PHOTO_NOT_FOUND', 'Photo not found.');
    if (stored(userId)?.completed && photosOf(userId).length <= PHOTO_LIMITS.editorMin) {
      return problem(400, 'PROFILES.NEED_PHOTOS', PROFILE_MESSAGES.needOnePhoto);
    }
    db.photo.delete({ where: { id: { equals: photo.id } } });
    return HttpResponse.json({ photos: photosOf(userId) });
  }),

  http.put('/api/profile/photos/order', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const { photoIds } = (await request.json()) as { photoIds: string[] };
    const current = photosOf(userId).map((p) => p.id);
    if (photoIds.length !== current.length || !current.every((id) => photoIds.includes(id))) {
      return problem(400, 'PROFILES.PHOTO_ORDER', 'List each of your photos exactly once.');
    }
    photoIds.forEach((id, position) => {
      db.photo.update({ where: { id: { equals: id } }, data: { position } });
    });
    return HttpResponse.json({ photos: photosOf(userId) });
  }),

  http.post('/api/profile/complete', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    return save(userId, (await request.json()) as ProfileInput, 'complete');
  }),

  http.put('/api/profile', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    if (!stored(userId)?.completed) return problem(404, 'PROFILES.NOT_FOUND', 'Profile Not Found');
    return save(userId, (await request.json()) as ProfileInput, 'edit');
  }),

  http.get('/api/profiles/:userId', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    const userId = String(params.userId);
    if (!isProfileComplete(toCore(userId))) return problem(404, 'PROFILES.NOT_FOUND', 'Profile Not Found');
    return HttpResponse.json({ profile: publicProfileDto(userId) });
  }),
];

/** Seeds photos for a user (urls under /media, in order). */
export function seedPhotos(userId: string, count: number) {
  for (let i = 0; i < count; i++) {
    const photo = db.photo.create({ userId, url: '', position: i });
    db.photo.update({ where: { id: { equals: photo.id } }, data: { url: `/media/${userId}/${photo.id}.webp` } });
  }
}

/** Seeds a completed profile with 3 photos, 3 answers and preferences. */
export function seedCompleteProfile(userId: string, overrides: Partial<StoredProfile> = {}) {
  seedPhotos(userId, 3);
  const [a, b, c] = activePrompts();
  const data: StoredProfile = {
    basics: {
      name: 'Alex Kim',
      bio: 'Second-year CS student who loves early runs.',
      university: 'Stanford University',
      major: 'Computer Science',
      graduationYear: 2027,
      gender: 'Non-binary',
      genderSelfDescribe: null,
    },
    prompts: [a!, b!, c!].map((p, i) => ({
      promptId: p.id,
      promptText: p.promptText,
      category: p.category,
      response: `Answer ${i + 1}`,
    })),
    preferences: {
      cleanliness: 4,
      noiseLevel: 2,
      sleepSchedule: 1,
      studyHabits: 5,
      guestPolicy: null,
      smokingTolerance: 'no_smoking',
      housingStatus: 'looking_to_join',
      financialStatus: 'part-time',
      needsCosigner: 'no',
      moveIn: 'fall-2026',
      moveInDate: '2026-08-20',
      minBudget: 800,
      maxBudget: 1100,
      preferredNeighborhoods: ['Palo Alto'],
      dealbreakers: ['smoking indoors'],
      genderPreference: ['Open to all'],
    },
    lifestyle: { cookingFrequency: 'often', alcohol: 'socially', pets: 'no_pets', hobbies: ['Climbing'] },
    completed: true,
    ...overrides,
  };
  db.profile.create({ userId, data: JSON.stringify(data) });
}
