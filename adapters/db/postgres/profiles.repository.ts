/** PostgreSQL implementation of the profile ports. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Photo, Profile, PromptSummary } from '../../../core/profiles/model';
import type { ProfileRepository, ProfileWrite, PromptCatalog } from '../../../core/profiles/ports';
import type { OwnerVisibility } from '../../../core/profiles/visibility';
import { BADGES_OF, badgesOf, columnsFromRules, OWNER_VISIBILITY, rulesFromColumns } from '../shared/discovery-rows';
import { mediaUrl } from '../shared/media-url';
import type { PgDb } from './client';
import { photos, profilePrompts, profiles, prompts, roommatePreferences } from './schema';
import { first, PgSql } from './sql';

export { mediaUrl };

export class PostgresProfileRepository implements ProfileRepository {
  constructor(private readonly db: PgDb) {}

  async visibility(viewerId: string, ownerId: string): Promise<OwnerVisibility> {
    const r = await new PgSql(this.db).get<{ status: OwnerVisibility['ownerStatus']; blocked: boolean }>(
      OWNER_VISIBILITY,
      { me: viewerId, owner: ownerId },
    );
    return { ownerStatus: r?.status ?? null, blockedEitherWay: r?.blocked === true };
  }

  async badges(userId: string) {
    return badgesOf(await new PgSql(this.db).get<Parameters<typeof badgesOf>[0]>(BADGES_OF, { id: userId }));
  }

  async listPhotos(userId: string): Promise<Photo[]> {
    const rows = await this.db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
    return rows.map((r, i) => ({ id: r.id, key: r.storageKey, url: mediaUrl(r.storageKey), position: i }));
  }

  async get(userId: string): Promise<Profile | null> {
    const row = await this.db.select().from(profiles).where(eq(profiles.id, userId)).then(first);
    const photoList = await this.listPhotos(userId);
    if (!row && photoList.length === 0) return null;
    const answers = await this.db
      .select({
        promptId: profilePrompts.promptId,
        response: profilePrompts.response,
        promptText: prompts.promptText,
        category: prompts.category,
      })
      .from(profilePrompts)
      .innerJoin(prompts, eq(prompts.id, profilePrompts.promptId))
      .where(eq(profilePrompts.profileId, userId))
      .orderBy(asc(profilePrompts.position));
    const pref = await this.db
      .select()
      .from(roommatePreferences)
      .where(eq(roommatePreferences.userId, userId))
      .then(first);
    return {
      userId,
      basics:
        row?.name && row.university
          ? {
              name: row.name,
              bio: row.bio ?? '',
              university: row.university,
              major: row.major ?? '',
              graduationYear: row.graduationYear,
              gender: row.gender,
              genderSelfDescribe: row.genderSelfDescribe,
            }
          : null,
      lifestyle: {
        cookingFrequency: row?.cookingFrequency ?? null,
        alcohol: row?.alcohol ?? null,
        pets: row?.pets ?? null,
        hobbies: row?.hobbies ?? [],
      },
      photos: photoList,
      prompts: answers,
      preferences: pref
        ? {
            cleanliness: pref.cleanliness,
            noiseLevel: pref.noiseLevel,
            sleepSchedule: pref.sleepSchedule,
            studyHabits: pref.studyHabits,
            guestPolicy: pref.guestPolicy,
            smokingTolerance: pref.smokingTolerance,
            housingStatus: pref.housingStatus,
            financialStatus: pref.financialStatus,
            needsCosigner: pref.needsCosigner,
            moveIn: pref.moveInChoice,
            moveInDate: pref.moveInDate,
            minBudget: pref.minBudget,
            maxBudget: pref.maxBudget,
            preferredNeighborhoods: pref.preferredNeighborhoods,
            dealbreakers: pref.dealbreakers,
            genderPreference: pref.genderPreference,
            dealbreakerRules: rulesFromColumns(pref),
          }
        : null,
      completedAt: row?.completedAt ?? null,
      updatedAt: row?.updatedAt ?? null,
    };
  }

  async addPhoto(userId: string, photo: { id: string; key: string }, max: number, at: Date) {
    return this.db.transaction(async (tx) => {
      // The user's row lock keeps two concurrent uploads from both taking the last place.
      await new PgSql(tx).lockUsers(userId);
      const n = (await tx.select({ n: count() }).from(photos).where(eq(photos.userId, userId)).then(first))?.n ?? 0;
      if (n >= max) return false;
      await tx.insert(photos).values({ id: photo.id, userId, storageKey: photo.key, position: n, createdAt: at });
      await this.touch(tx, userId, at);
      return true;
    });
  }

  async removePhoto(userId: string, photoId: string, min: number, at: Date) {
    return this.db.transaction(async (tx): Promise<Photo | null | 'min'> => {
      const rows = await tx.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
      const target = rows.find((r) => r.id === photoId);
      if (!target) return null;
      if (rows.length - 1 < min) return 'min';
      await tx.delete(photos).where(and(eq(photos.id, photoId), eq(photos.userId, userId)));
      for (const [i, r] of rows.filter((r) => r.id !== photoId).entries()) {
        await tx.update(photos).set({ position: i }).where(eq(photos.id, r.id));
      }
      await this.touch(tx, userId, at);
      return { id: target.id, key: target.storageKey, url: mediaUrl(target.storageKey), position: target.position };
    });
  }

  async reorderPhotos(userId: string, photoIds: string[], at: Date) {
    return this.db.transaction(async (tx) => {
      const rows = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
      const mine = new Set(rows.map((r) => r.id));
      if (photoIds.length !== mine.size || new Set(photoIds).size !== photoIds.length) return false;
      if (!photoIds.every((id) => mine.has(id))) return false;
      for (const [i, id] of photoIds.entries()) {
        await tx.update(photos).set({ position: i }).where(eq(photos.id, id));
      }
      await this.touch(tx, userId, at);
      return true;
    });
  }

  async save(userId: string, write: ProfileWrite, options: { complete: boolean }, at: Date) {
    const { basics, preferences: p } = write;
    await this.db.transaction(async (tx) => {
      const values = {
        name: basics.name,
        bio: basics.bio,
        university: basics.university,
        major: basics.major,
        graduationYear: basics.graduationYear,
        gender: basics.gender,
        genderSelfDescribe: basics.genderSelfDescribe,
        ...(write.lifestyle
          ? {
              cookingFrequency: write.lifestyle.cookingFrequency,
              alcohol: write.lifestyle.alcohol,
              pets: write.lifestyle.pets,
              hobbies: write.lifestyle.hobbies,
            }
          : {}),
        updatedAt: at,
      };
      const existing = await tx
        .select({ completedAt: profiles.completedAt })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .then(first);
      const completedAt = existing?.completedAt ?? (options.complete ? at : null);
      await tx
        .insert(profiles)
        .values({ id: userId, ...values, completedAt, createdAt: at })
        .onConflictDoUpdate({ target: profiles.id, set: { ...values, completedAt } });
      await tx.delete(profilePrompts).where(eq(profilePrompts.profileId, userId));
      for (const [position, a] of write.prompts.entries()) {
        await tx
          .insert(profilePrompts)
          .values({ profileId: userId, promptId: a.promptId, response: a.response, position });
      }
      const prefValues = {
        cleanliness: p.cleanliness,
        sleepSchedule: p.sleepSchedule,
        noiseLevel: p.noiseLevel,
        studyHabits: p.studyHabits,
        guestPolicy: p.guestPolicy,
        financialStatus: p.financialStatus,
        needsCosigner: p.needsCosigner,
        moveInChoice: p.moveIn,
        moveInDate: p.moveInDate,
        minBudget: p.minBudget,
        maxBudget: p.maxBudget,
        preferredNeighborhoods: p.preferredNeighborhoods,
        dealbreakers: p.dealbreakers,
        genderPreference: p.genderPreference,
        // 001 §5: smoking and housing status are saved only when non-empty.
        ...(p.smokingTolerance ? { smokingTolerance: p.smokingTolerance } : {}),
        ...(p.housingStatus ? { housingStatus: p.housingStatus } : {}),
        // Issue 21: a write without rules keeps the saved ones.
        ...(p.dealbreakerRules ? columnsFromRules(p.dealbreakerRules) : {}),
        updatedAt: at,
      };
      await tx
        .insert(roommatePreferences)
        .values({ userId, ...prefValues, createdAt: at })
        .onConflictDoUpdate({ target: roommatePreferences.userId, set: prefValues });
    });
  }

  private async touch(tx: Pick<PgDb, 'insert'>, userId: string, at: Date) {
    await tx
      .insert(profiles)
      .values({ id: userId, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: profiles.id, set: { updatedAt: at } });
  }
}

export class PostgresPromptCatalog implements PromptCatalog {
  constructor(private readonly db: PgDb) {}

  async listActive(): Promise<PromptSummary[]> {
    return await this.db
      .select({
        id: prompts.id,
        promptText: prompts.promptText,
        category: prompts.category,
        displayOrder: prompts.displayOrder,
      })
      .from(prompts)
      .where(eq(prompts.isActive, true))
      .orderBy(asc(prompts.displayOrder));
  }
}
