/**
 * Demo students get real profiles (issue 9: `seed --demo N`): three generated photos each, three
 * prompt answers, preferences drawn from a seeded generator; then students at the same campus
 * like each other in pairs, match, and exchange a few messages. Everything goes through the same
 * repositories and core rules as the app, and is deterministic for a seed.
 */
import sharp from 'sharp';
import type { Database } from '../adapters/db/database';
import { conversationIdFor, decideSwipe } from '../core/likes/rules';
import { photoKey } from '../core/profiles/photo-type';
import type { PhotoStore } from '../core/profiles/ports';
import { checkBasics, checkPreferences, moveInChoices } from '../core/profiles/rules';
import type { IdGenerator } from '../core/shared/ids';
import { DEMO_ANSWERS, type DemoStudent } from '../fixtures/demo-students';
import { PROMPTS } from '../fixtures/prompts';
import { seededRandom } from '../fixtures/random';
import { UNIVERSITIES } from '../fixtures/universities';

const OPENERS = [
  'Hey! Your Saturday answer sounds perfect, are you near campus?',
  'Hi! I saw we both like quiet weeknights 😄',
];
const REPLIES = [
  'Yes, I am in Westwood! Want to grab coffee and talk about fall?',
  'Totally, and I love a weekly house dinner.',
];

async function photo(seed: number, hue: number): Promise<Uint8Array> {
  const r = (hue * 53) % 200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="rgb(${40 + r / 2},${110 + (seed % 60)},${130})"/>
      <stop offset="1" stop-color="rgb(${230 - r / 3},${170},${90 + (seed % 80)})"/></linearGradient></defs>
    <rect width="600" height="750" fill="url(#g)"/>
    <circle cx="300" cy="300" r="120" fill="rgba(255,255,255,0.75)"/>
    <rect x="150" y="450" width="300" height="220" rx="110" fill="rgba(255,255,255,0.75)"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer());
}

export async function giveDemoProfiles(
  db: Database,
  deps: { ids: IdGenerator; now: () => Date; photos: PhotoStore },
  students: (DemoStudent & { userId: string })[],
  seed: number,
) {
  const rnd = seededRandom(seed + 1000);
  // Only prompts with written answers, so every answer answers its prompt (issue 17).
  const prompts = PROMPTS.filter((p) => p.isActive && DEMO_ANSWERS[p.id]);
  for (const [i, s] of students.entries()) {
    const now = deps.now();
    if ((await db.profiles.get(s.userId))?.completedAt) continue;
    for (let k = 0; k < 3; k++) {
      const key = photoKey(s.userId, now, `demo${k}`, 'webp');
      await deps.photos.put(key, await photo(seed + i * 3 + k, i + k), 'image/webp');
      await db.profiles.addPhoto(s.userId, { id: deps.ids.newId(), key }, 6, now);
    }
    const university = UNIVERSITIES.find((u) => u.id === s.universityId)?.name ?? UNIVERSITIES[0]!.name;
    const basics = checkBasics(
      {
        name: `${s.firstName} ${s.lastName}`,
        bio: s.bio,
        university,
        major: s.major,
        graduationYear: s.graduationYear,
        gender: s.gender,
        genderSelfDescribe: null,
      },
      (n) => (n.toLowerCase() === university.toLowerCase() ? university : null),
    );
    const min = rnd.int(6, 14) * 100;
    const prefs = checkPreferences(
      {
        cleanliness: rnd.int(2, 5),
        noiseLevel: rnd.int(1, 5),
        sleepSchedule: rnd.int(1, 5),
        studyHabits: rnd.int(2, 5),
        guestPolicy: rnd.int(1, 5),
        smokingTolerance: rnd.next() < 0.85 ? 'no_smoking' : 'outside_only',
        housingStatus: rnd.pick(['looking_for_roommates', 'looking_to_join', 'flexible']),
        financialStatus: rnd.pick(['steady-income', 'part-time', 'family-support', 'financial-aid', 'mixed']),
        needsCosigner: rnd.pick(['no', 'yes', 'maybe', 'unsure']),
        moveIn: rnd.pick(moveInChoices(now)),
        minBudget: min,
        maxBudget: min + rnd.int(3, 8) * 100,
        preferredNeighborhoods: [],
        dealbreakers: [],
        genderPreference: ['Open to all'],
      },
      { requireAll: true, today: now },
    );
    if (!basics.ok || !prefs.ok) throw new Error(`demo profile for ${s.email} is invalid`);
    const picked = rnd.shuffle(prompts).slice(0, 3);
    await db.profiles.save(
      s.userId,
      {
        basics: basics.value,
        preferences: prefs.value,
        prompts: picked.map((p) => ({ promptId: p.id, response: DEMO_ANSWERS[p.id]?.[i % 2] as string })),
      },
      { complete: true },
      now,
    );
  }
  // Pairs on the same campus match and say hello; the rest stay in each other's decks.
  for (let i = 0; i + 1 < students.length; i += 4) {
    const a = students[i]!;
    const b = students[i + 1]!;
    if (a.universityId !== b.universityId) continue;
    const now = deps.now();
    for (const [from, to] of [
      [a.userId, b.userId],
      [b.userId, a.userId],
    ] as const) {
      await db.swipes.swipe(
        {
          userId: from,
          targetId: to,
          action: 'like',
          now,
          windowStart: new Date(now.getTime() - 86_400_000),
          id: deps.ids.newId(),
          score: null,
        },
        (state) => decideSwipe(state, { userId: from, targetId: to, action: 'like', plan: 'free', now }),
      );
    }
    const conversation = conversationIdFor(a.userId, b.userId);
    const [u1, u2] = [a.userId, b.userId].sort() as [string, string];
    await db.conversations.ensure(conversation, u1, u2, now);
    for (const [sender, text] of [
      [a.userId, OPENERS[(i / 4) % 2]],
      [b.userId, REPLIES[(i / 4) % 2]],
    ] as const) {
      await db.conversations.send(
        {
          id: deps.ids.newId(),
          conversationId: conversation,
          senderId: sender,
          content: text as string,
          createdAt: deps.now(),
        },
        new Date(0),
        () => true,
      );
    }
  }
}
