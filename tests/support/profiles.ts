/** Profile bodies and photo uploads for API tests. */
import { PROMPTS } from '../../fixtures/prompts';
import { photoForm, png } from './images';
import type { TestClient } from './test-app';

const activePrompts = PROMPTS.filter((p) => p.isActive);

export function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    basics: {
      name: 'Jordan Rivera',
      bio: 'Third-year who cooks a lot and keeps the kitchen clean.',
      university: 'University of California, Los Angeles',
      major: 'Computer Science',
      graduationYear: 2027,
      gender: 'Non-binary',
      genderSelfDescribe: null,
    },
    prompts: activePrompts.slice(0, 3).map((p, i) => ({ promptId: p.id, response: `Answer number ${i + 1}` })),
    preferences: {
      cleanliness: 4,
      noiseLevel: 2,
      sleepSchedule: 1,
      studyHabits: 5,
      guestPolicy: 3,
      smokingTolerance: 'no_smoking',
      housingStatus: 'looking_to_join',
      financialStatus: 'part-time',
      needsCosigner: 'no',
      moveIn: 'fall-2027',
      minBudget: 800,
      maxBudget: 1200,
      preferredNeighborhoods: ['Westwood', ' westwood ', 'Palms'],
      dealbreakers: ['smoking indoors', 'loud music after midnight'],
      genderPreference: ['Open to all'],
    },
    ...overrides,
  };
}

export async function uploadPhotos(c: TestClient, n: number) {
  const bytes = await png();
  let last: Awaited<ReturnType<TestClient['post']>> | null = null;
  for (let i = 0; i < n; i++) last = await c.post('/api/profile/photos', photoForm(bytes, `p${i}.png`, 'image/png'));
  return last;
}
