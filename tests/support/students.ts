/**
 * Complete students made straight through the repositories (no argon2, no uploads), so
 * discovery tests can build a campus of dozens in milliseconds.
 */
import { checkBasics, checkPreferences, type PreferencesInput } from '../../core/profiles/rules';
import { PROMPTS } from '../../fixtures/prompts';
import { UNIVERSITY_NAMES } from '../../fixtures/university-list';
import { type makeTestApp, signedInClient } from './test-app';

type App = ReturnType<typeof makeTestApp>;

export const UCLA = 'University of California, Los Angeles';
export const USC = 'University of Southern California';
export const DAVIS = 'University of California, Davis';

let counter = 0;

export async function quickStudent(t: App, email: string, options: StudentOptions = {}): Promise<string> {
  const now = t.clock.now();
  const id = `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
  await t.db.users.create({ id, email, passwordHash: 'x', emailConfirmedAt: now, status: 'active', createdAt: now });
  await completeStudentProfile(t, id, email, options);
  return id;
}

type StudentOptions = {
  university?: string;
  gender?: string;
  preferences?: Partial<PreferencesInput>;
  complete?: boolean;
  /** The lifestyle's pets answer (issue 21's "no pets" reads it). */
  pets?: string;
};

/** Gives an existing account a complete profile. */
export async function completeStudentProfile(t: App, id: string, email: string, options: StudentOptions = {}) {
  const now = t.clock.now();
  await t.db.profiles.addPhoto(id, { id: `${id}-p`, key: `${id}/1-abc.webp` }, 6, now);
  const basics = checkBasics(
    {
      name: email.split('@')[0] as string,
      bio: 'Hi!',
      university: options.university ?? UCLA,
      major: 'Biology',
      graduationYear: 2027,
      gender: options.gender ?? 'Female',
      genderSelfDescribe: null,
    },
    (n) => UNIVERSITY_NAMES.find((u) => u.toLowerCase() === n.toLowerCase()) ?? null,
  );
  const prefs = checkPreferences(
    {
      cleanliness: 4,
      noiseLevel: 2,
      sleepSchedule: 2,
      studyHabits: 4,
      guestPolicy: 2,
      smokingTolerance: 'no_smoking',
      housingStatus: 'looking_to_join',
      financialStatus: 'part-time',
      needsCosigner: 'no',
      moveIn: 'fall-2027',
      minBudget: 800,
      maxBudget: 1200,
      preferredNeighborhoods: [],
      dealbreakers: [],
      genderPreference: ['Open to all'],
      ...options.preferences,
    },
    { requireAll: true, today: now },
  );
  if (!basics.ok || !prefs.ok) throw new Error(`bad student fixture: ${JSON.stringify([basics, prefs])}`);
  await t.db.profiles.save(
    id,
    {
      basics: basics.value,
      prompts: PROMPTS.filter((p) => p.isActive)
        .slice(0, 3)
        .map((p) => ({ promptId: p.id, response: `About ${email.split('@')[0]}` })),
      preferences: prefs.value,
      ...(options.pets
        ? { lifestyle: { cookingFrequency: null, alcohol: null, pets: options.pets, hobbies: [] } }
        : {}),
    },
    { complete: options.complete ?? true },
    now,
  );
}

export async function makeGold(t: App, userId: string, days = 30) {
  const now = t.clock.now();
  await t.db.subscriptions.set(
    userId,
    { isPremium: true, tier: 'gold', subscriptionEnd: new Date(now.getTime() + days * 86_400_000), cancelled: false },
    now,
  );
}

/** The test database's SQLite handle, for arranging rows no route writes yet (blocks, balances). */
export function rawSql(t: App): import('better-sqlite3').Database {
  return (t.db.discovery as unknown as { db: { $client: import('better-sqlite3').Database } }).db.$client;
}

/** A signed-in student with a complete profile (the API suite's usual actor). */
export async function signedInStudent(t: App, email: string) {
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email);
  return { c, id };
}

/** A group of `admin` and `others` (joined with the admin's invite codes): its id and its chat's conversation id. */
export async function groupOf(
  admin: { c: import('./test-app').TestClient },
  others: { c: import('./test-app').TestClient }[],
  name = 'Westwood Crew',
) {
  const group = (await admin.c.post('/api/groups', { name })).json.group;
  for (const s of others) {
    const { inviteCode } = (await admin.c.post(`/api/groups/${group.id}/invite-code`)).json;
    const joined = await s.c.post('/api/groups/join', { inviteCode });
    if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
  }
  return { id: group.id as string, chat: `group-${group.id}` };
}

/** Two students who liked each other, and the conversation their match opened. */
export async function matchedPair(t: App) {
  const a = await signedInStudent(t, 'ana@ucla.edu');
  const b = await signedInStudent(t, 'ben@ucla.edu');
  await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
  const res = await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' });
  return { a, b, conversationId: res.json.conversationId as string };
}
