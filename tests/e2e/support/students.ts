/**
 * Students made through the API for the browser journeys: sign-up, the mailbox's confirmation
 * link, sign-in, the agreement, 3 photos and a completed profile.
 */
import type { APIRequestContext, APIResponse, Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { PROMPTS } from '../../../fixtures/prompts';

export const E2E_PASSWORD = 'Quiet-Study-Room-7';
export const UCLA = 'University of California, Los Angeles';

export type Student = {
  email: string;
  name: string;
  major: string;
  gender: string;
  /** Gradient colours for portrait-like photos; plain generated photos without them. */
  colour?: [string, string];
  bio: string;
  answers: [string, string, string];
  preferences: { cleanliness: number; noiseLevel: number; sleepSchedule: number; studyHabits: number };
  budget: [number, number];
  /** Preference answers beyond the defaults below (guests, smoking, dealbreaker rules…; issue 21). */
  morePreferences?: Record<string, unknown>;
  lifestyle?: { cookingFrequency: string | null; alcohol: string | null; pets: string | null; hobbies: string[] };
};

/** A UCLA student with ordinary profile details, for journeys that only need someone signed in. */
export const student = (email: string, name: string): Student => ({
  email,
  name,
  major: 'Biology',
  gender: 'Female',
  bio: 'Tidy, quiet on weeknights, loves cooking on Sundays.',
  answers: ['Answer 1', 'Answer 2', 'Answer 3'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 2, studyHabits: 4 },
  budget: [800, 1200],
});

/** The journeys' cast: three UCLA students whose profiles make them compatible. */
export const MAYA: Student = {
  email: 'maya.lopez@ucla.edu',
  name: 'Maya Lopez',
  major: 'Psychology',
  gender: 'Female',
  colour: ['#1b7a73', '#77cfc4'],
  bio: 'Psych major, early riser, tidy kitchen. Looking for a calm place near campus.',
  answers: ['Pancakes, a long run and a clean kitchen.', 'Headphones on after 10pm.', 'Board game nights.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 1, studyHabits: 4 },
  budget: [800, 1200],
};
export const JORDAN: Student = {
  email: 'jordan.rivera@ucla.edu',
  name: 'Jordan Rivera',
  major: 'Computer Science',
  gender: 'Non-binary',
  colour: ['#d9431c', '#ffc7b0'],
  bio: 'Third-year CS student who cooks a lot and keeps shared spaces spotless.',
  answers: ['Farmers market, then a long run.', 'Quiet weeknights, fun weekends.', 'Cooking for friends.'],
  preferences: { cleanliness: 4, noiseLevel: 2, sleepSchedule: 2, studyHabits: 4 },
  budget: [900, 1300],
};
export const CASEY: Student = {
  email: 'casey.nguyen@ucla.edu',
  name: 'Casey Nguyen',
  major: 'Economics',
  gender: 'Female',
  colour: ['#b87806', '#fde68a'],
  bio: 'Econ major, night owl on weekends, always up for a hike.',
  answers: ['Sleeping in, then brunch.', 'Lights off by midnight.', 'Hiking Griffith Park.'],
  preferences: { cleanliness: 3, noiseLevel: 3, sleepSchedule: 3, studyHabits: 3 },
  budget: [700, 1100],
};

/** A portrait-like placeholder photo: a soft gradient with a head-and-shoulders silhouette. */
export async function portrait(from: string, to: string, variant: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient></defs>
    <rect width="600" height="750" fill="url(#g)"/>
    <circle cx="${300 + variant * 20}" cy="300" r="110" fill="#ffffff" fill-opacity="0.55"/>
    <ellipse cx="${300 + variant * 20}" cy="700" rx="230" ry="210" fill="#ffffff" fill-opacity="0.45"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

const plainPhoto = (i: number) =>
  sharp({ create: { width: 480, height: 600, channels: 3, background: { r: 40 + i * 60, g: 110, b: 120 } } })
    .jpeg()
    .toBuffer();

/** The response, or a failure naming the request, its status and the body the server sent. */
async function expectStatus(response: Promise<APIResponse>, status: number): Promise<APIResponse> {
  const r = await response;
  if (r.status() !== status) throw new Error(`${r.url()}: expected ${status}, got ${r.status()} ${await r.text()}`);
  return r;
}

/** Sign-up, the confirmation link from the development mailbox, and sign-in (cookies kept on `request`). */
export async function signUp(request: APIRequestContext, base: string, email: string) {
  await expectStatus(request.post(`${base}/api/auth/sign-up`, { data: { email, password: E2E_PASSWORD } }), 201);
  const { messages } = (await (await request.get(`${base}/api/dev/mailbox`)).json()) as {
    messages: { to: string; link: string | null }[];
  };
  const link = messages.find((m) => m.to === email)?.link;
  if (!link) throw new Error(`no mail for ${email}`);
  await request.get(link, { maxRedirects: 0 });
  await expectStatus(request.post(`${base}/api/auth/sign-in`, { data: { email, password: E2E_PASSWORD } }), 200);
}

/** Sign-up, confirmation link, sign-in, agreement, 3 photos and a completed profile, all through the API. */
export async function completeStudent(request: APIRequestContext, base: string, s: Student) {
  await signUp(request, base, s.email);
  const agreement = {
    tos_accepted: true,
    privacy_accepted: true,
    marketing_accepted: false,
    accepted_at: new Date().toISOString(),
    user_agent: 'e2e',
  };
  await expectStatus(request.post(`${base}/api/agreements`, { data: agreement }), 201);
  for (let i = 0; i < 3; i++) {
    const buffer = s.colour ? await portrait(...s.colour, i) : await plainPhoto(i);
    const photo = { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer };
    await expectStatus(request.post(`${base}/api/profile/photos`, { multipart: { photo } }), 201);
  }
  const prompts = PROMPTS.filter((p) => p.isActive).slice(0, 3);
  await expectStatus(
    request.post(`${base}/api/profile/complete`, {
      data: {
        basics: {
          name: s.name,
          bio: s.bio,
          university: UCLA,
          major: s.major,
          graduationYear: 2027,
          gender: s.gender,
          genderSelfDescribe: null,
        },
        prompts: prompts.map((p, i) => ({ promptId: p.id, response: s.answers[i] })),
        preferences: {
          ...s.preferences,
          guestPolicy: 3,
          smokingTolerance: 'no_smoking',
          housingStatus: 'looking_to_join',
          financialStatus: 'part-time',
          needsCosigner: 'no',
          moveIn: 'flexible',
          minBudget: s.budget[0],
          maxBudget: s.budget[1],
          preferredNeighborhoods: ['Westwood'],
          dealbreakers: [],
          genderPreference: ['Open to all'],
          ...s.morePreferences,
        },
        ...(s.lifestyle ? { lifestyle: s.lifestyle } : {}),
      },
    }),
    200,
  );
}

/** The signed-in user's id (GET /api/me). */
export async function signedInUserId(request: APIRequestContext, base: string): Promise<string> {
  const me = await expectStatus(request.get(`${base}/api/me`), 200);
  return ((await me.json()) as { user: { id: string } }).user.id;
}

export type OpenStudent = { context: BrowserContext; page: Page; id: string };

/** A complete student signed in in a fresh browser context at `viewport` (motion reduced). */
export async function openStudent(
  browser: Browser,
  base: string,
  s: Student,
  viewport: { width: number; height: number },
): Promise<OpenStudent> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  await completeStudent(context.request, base, s);
  const id = await signedInUserId(context.request, base);
  const page = await context.newPage();
  return { context, page, id };
}

/** A JSON request as the student (with the app's Origin) that must succeed; its answer. */
export async function requestAs(
  x: { context: BrowserContext },
  base: string,
  method: 'post' | 'put',
  path: string,
  data?: object,
) {
  const res = await x.context.request[method](`${base}${path}`, { data, headers: { origin: base } });
  if (res.status() >= 300) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.json();
}
