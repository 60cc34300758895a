/**
 * Seeding shared by `nestmate seed` and `npm start`: reference data (000 §3) and demo students
 * who can sign in at once (confirmed, Terms accepted). Deterministic for a given seed.
 */
import type { Database } from '../adapters/db/database';
import { fixtureSchools } from '../adapters/directory';
import type { PasswordHasher } from '../core/accounts/ports';
import { schoolOfEmail } from '../core/accounts/school';
import type { PhotoStore } from '../core/profiles/ports';
import type { IdGenerator } from '../core/shared/ids';
import { type DemoStudent, demoStudents } from '../fixtures/demo-students';
import { PROMPTS } from '../fixtures/prompts';
import { UNIVERSITIES } from '../fixtures/universities';
import { giveDemoProfiles } from './demo-profiles';

export const DEMO_PASSWORD = 'Nestmate!2026';

export async function seedReferenceData(db: Database): Promise<{ universities: number; prompts: number }> {
  await db.referenceData.upsert(UNIVERSITIES, PROMPTS);
  return db.referenceData.counts();
}

export type SeededUser = { email: string; password: string; created: boolean };

export async function seedDemoUsers(
  db: Database,
  deps: { hasher: PasswordHasher; ids: IdGenerator; now: () => Date },
  count: number,
  seed = 42,
  onProgress: (done: number, total: number) => void = () => {},
  photos: PhotoStore | null = null,
): Promise<SeededUser[]> {
  const students = demoStudents(count, seed);
  const withIds: (DemoStudent & { userId: string })[] = [];
  const passwordHash = await deps.hasher.hash(DEMO_PASSWORD);
  const result: SeededUser[] = [];
  for (const [i, s] of students.entries()) {
    const now = deps.now();
    const id = deps.ids.newId();
    const created = await db.users.create({
      id,
      email: s.email,
      passwordHash,
      emailConfirmedAt: now,
      status: 'active',
      createdAt: now,
    });
    if (created) {
      // Demo students get the school of their address, as a confirmation link would give (issue 16).
      await db.users.markEmailConfirmed(id, schoolOfEmail(s.email, fixtureSchools().schoolDomains()), now);
      await db.agreements.save(
        {
          userId: id,
          tosAccepted: true,
          tosAcceptedAt: now,
          privacyAccepted: true,
          privacyAcceptedAt: now,
          marketingAccepted: false,
          marketingAcceptedAt: null,
          userAgent: 'nestmate seed',
          ipAddress: null,
        },
        now,
      );
    }
    const userId = created ? id : (await db.users.findByEmail(s.email))?.id;
    if (userId) withIds.push({ ...s, userId });
    result.push({ email: s.email, password: DEMO_PASSWORD, created });
    onProgress(i + 1, students.length);
  }
  if (photos) await giveDemoProfiles(db, { ids: deps.ids, now: deps.now, photos }, withIds, seed);
  return result;
}
