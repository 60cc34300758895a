/** A complete student made through the API (sign-up, mailbox link, agreement, photos, profile). */
import type { APIRequestContext } from 'playwright-core';
import sharp from 'sharp';
import { PROMPTS } from '../../../fixtures/prompts';

export const E2E_PASSWORD = 'Quiet-Study-Room-7';

const photo = (i: number) =>
  sharp({ create: { width: 480, height: 600, channels: 3, background: { r: 40 + i * 60, g: 110, b: 120 } } })
    .jpeg()
    .toBuffer();

export async function completeStudent(request: APIRequestContext, base: string, email: string, name: string) {
  const ok = async (res: Promise<import('playwright-core').APIResponse>, status: number) => {
    const r = await res;
    if (r.status() !== status) throw new Error(`${r.url()}: ${r.status()} ${await r.text()}`);
    return r;
  };
  await ok(request.post(`${base}/api/auth/sign-up`, { data: { email, password: E2E_PASSWORD } }), 201);
  const { messages } = (await (await request.get(`${base}/api/dev/mailbox`)).json()) as {
    messages: { to: string; link: string | null }[];
  };
  const link = messages.find((m) => m.to === email)?.link;
  if (!link) throw new Error(`no mail for ${email}`);
  await request.get(link, { maxRedirects: 0 });
  await ok(request.post(`${base}/api/auth/sign-in`, { data: { email, password: E2E_PASSWORD } }), 200);
  const agreement = {
    tos_accepted: true,
    privacy_accepted: true,
    marketing_accepted: false,
    accepted_at: null,
    user_agent: 'e2e',
  };
  await ok(request.post(`${base}/api/agreements`, { data: agreement }), 201);
  for (let i = 0; i < 3; i++) {
    const file = { name: `photo-${i}.jpg`, mimeType: 'image/jpeg', buffer: await photo(i) };
    await ok(request.post(`${base}/api/profile/photos`, { multipart: { photo: file } }), 201);
  }
  const prompts = PROMPTS.filter((p) => p.isActive).slice(0, 3);
  await ok(
    request.post(`${base}/api/profile/complete`, {
      data: {
        basics: {
          name,
          bio: 'Tidy, quiet on weeknights, loves cooking on Sundays.',
          university: 'University of California, Los Angeles',
          major: 'Biology',
          graduationYear: 2027,
          gender: 'Female',
          genderSelfDescribe: null,
        },
        prompts: prompts.map((p, i) => ({ promptId: p.id, response: `Answer ${i + 1}` })),
        preferences: {
          cleanliness: 4,
          noiseLevel: 2,
          sleepSchedule: 2,
          studyHabits: 4,
          guestPolicy: 3,
          smokingTolerance: 'no_smoking',
          housingStatus: 'looking_to_join',
          financialStatus: 'part-time',
          needsCosigner: 'no',
          moveIn: 'flexible',
          minBudget: 800,
          maxBudget: 1200,
          preferredNeighborhoods: ['Westwood'],
          dealbreakers: [],
          genderPreference: ['Open to all'],
        },
      },
    }),
    200,
  );
}
