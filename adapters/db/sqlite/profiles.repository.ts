/** SQLite implementation of the profile ports. */
import type { Statement } from 'better-sqlite3';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Photo, Profile, PromptSummary } from '../../../core/profiles/model';
import type { ProfileRepository, ProfileWrite, PromptCatalog } from '../../../core/profiles/ports';
import type { OwnerVisibility } from '../../../core/profiles/visibility';
import { BADGES_OF, badgesOf, columnsFromRules, OWNER_VISIBILITY, rulesFromColumns } from '../shared/discovery-rows';
import { mediaUrl } from '../shared/media-url';
import type { SqliteDb } from './client';
import { photos, profilePrompts, profiles, prompts, roommatePreferences } from './schema';

export { mediaUrl };

export class SqliteProfileRepository implements ProfileRepository {
  private visibilityQuery: Statement | undefined;
  private badgesQuery: Statement | undefined;

  constructor(private readonly db: SqliteDb) {}

  async visibility(viewerId: string, ownerId: string): Promise<OwnerVisibility> {
    // Prepared once: every photo request asks (issue 14).
    this.visibilityQuery ??= this.db.$client.prepare(OWNER_VISIBILITY);
    const r = this.visibilityQuery.get({ me: viewerId, owner: ownerId }) as {
      status: OwnerVisibility['ownerStatus'];
      blocked: number;
    };
    return { ownerStatus: r.status ?? null, blockedEitherWay: r.blocked === 1 };
  }

  async badges(userId: string) {
    this.badgesQuery ??= this.db.$client.prepare(BADGES_OF);
    return badgesOf(this.badgesQuery.get({ id: userId }) as Parameters<typeof badgesOf>[0]);
  }

  async listPhotos(userId: string): Promise<Photo[]> {
    return this.db
      .select()
      .from(photos)
      .where(eq(photos.userId, userId))
      .orderBy(asc(photos.position))
      .all()
      .map((r, i) => ({ id: r.id, key: r.storageKey, url: mediaUrl(r.storageKey), position: i }));
  }

  async get(userId: string): Promise<Profile | null> {
    const row = this.db.select().from(profiles).where(eq(profiles.id, userId)).get();
    const photoList = await this.listPhotos(userId);
    if (!row && photoList.length === 0) return null;
    const answers = this.db
      .select({
        promptId: profilePrompts.promptId,
        response: profilePrompts.response,
        promptText: prompts.promptText,
        category: prompts.category,
      })
      .from(profilePrompts)
      .innerJoin(prompts, eq(prompts.id, profilePrompts.promptId))
      .where(eq(profilePrompts.profileId, userId))
      .orderBy(asc(profilePrompts.position))
      .all();
    const pref = this.db.select().from(roommatePreferences).where(eq(roommatePreferences.userId, userId)).get();
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
    return this.db.transaction((tx) => {
      const n = tx.select({ n: count() }).from(photos).where(eq(photos.userId, userId)).get()?.n ?? 0;
      if (n >= max) return false;
      tx.insert(photos).values({ id: photo.id, userId, storageKey: photo.key, position: n, createdAt: at }).run();
      this.touch(tx, userId, at);
      return true;
    });
  }

  async removePhoto(userId: string, photoId: string, min: number, at: Date) {
    return this.db.transaction((tx): Photo | null | 'min' => {
      const rows = tx.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position)).all();
      const target = rows.find((r) => r.id === photoId);
      if (!target) return null;
      if (rows.length - 1 < min) return 'min';
      tx.delete(photos)
        .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
        .run();
      rows
        .filter((r) => r.id !== photoId)
        .forEach((r, i) => {
          tx.update(photos).set({ position: i }).where(eq(photos.id, r.id)).run();
        });
      this.touch(tx, userId, at);
      return { id: target.id, key: target.storageKey, url: mediaUrl(target.storageKey), position: target.position };
    });
  }

  async reorderPhotos(userId: string, photoIds: string[], at: Date) {
    return this.db.transaction((tx) => {
      const rows = tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId)).all();
      const mine = new Set(rows.map((r) => r.id));
      if (photoIds.length !== mine.size || new Set(photoIds).size !== photoIds.length) return false;
      if (!photoIds.every((id) => mine.has(id))) return false;
      photoIds.forEach((id, i) => {
        tx.update(photos).set({ position: i }).where(eq(photos.id, id)).run();
      });
      this.touch(tx, userId, at);
      return true;
    });
  }

  async save(userId: string, write: ProfileWrite, options: { complete: boolean }, at: Date) {
    const { basics, preferences: p } = write;
    this.db.transaction((tx) => {
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
      const existing = tx
        .select({ completedAt: profiles.completedAt })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .get();
      const completedAt = existing?.completedAt ?? (options.complete ? at : null);
      tx.insert(profiles)
        .values({ id: userId, ...values, completedAt, createdAt: at })
        .onConflictDoUpdate({ target: profiles.id, set: { ...values, completedAt } })
        .run();
      tx.delete(profilePrompts).where(eq(profilePrompts.profileId, userId)).run();
      write.prompts.forEach((a, position) => {
        tx.insert(profilePrompts)
          .values({ profileId: userId, promptId: a.promptId, response: a.response, position })
          .run();
      });
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
      tx.insert(roommatePreferences)
        .values({ userId, ...prefValues, createdAt: at })
        .onConflictDoUpdate({ target: roommatePreferences.userId, set: prefValues })
        .run();
    });
  }

  private touch(tx: Pick<SqliteDb, 'insert'>, userId: string, at: Date) {
    tx.insert(profiles)
      .values({ id: userId, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: profiles.id, set: { updatedAt: at } })
      .run();
  }
}

export class SqlitePromptCatalog implements PromptCatalog {
  constructor(private readonly db: SqliteDb) {}

  async listActive(): Promise<PromptSummary[]> {
    return this.db
      .select({
        id: prompts.id,
        promptText: prompts.promptText,
        category: prompts.category,
        displayOrder: prompts.displayOrder,
      })
      .from(prompts)
      .where(eq(prompts.isActive, true))
      .orderBy(asc(prompts.displayOrder))
      .all();
  }
}
