import { count } from 'drizzle-orm';
import type { PromptSeed } from '../../../fixtures/prompts';
import type { University } from '../../../fixtures/universities';
import type { SqliteDb } from './client';
import { prompts, universities } from './schema';

/** Reference data (000 §3): universities with coordinates and metro groups, the prompt catalogue. */
export class SqliteReferenceDataRepository {
  constructor(private readonly db: SqliteDb) {}

  /** Upserts so that re-seeding updates texts and coordinates without duplicating rows. */
  async upsert(unis: readonly University[], catalogue: readonly PromptSeed[]): Promise<void> {
    this.db.transaction((tx) => {
      for (const u of unis) {
        const row = {
          id: u.id,
          name: u.name,
          city: u.city,
          state: u.state,
          latitude: u.latitude,
          longitude: u.longitude,
          emailDomain: u.emailDomain,
          metroGroup: u.metroGroup,
        };
        tx.insert(universities).values(row).onConflictDoUpdate({ target: universities.id, set: row }).run();
      }
      for (const p of catalogue) {
        const row = {
          id: p.id,
          promptText: p.promptText,
          category: p.category,
          isActive: p.isActive,
          displayOrder: p.displayOrder,
        };
        tx.insert(prompts).values(row).onConflictDoUpdate({ target: prompts.id, set: row }).run();
      }
    });
  }

  async counts(): Promise<{ universities: number; prompts: number }> {
    const u = this.db.select({ n: count() }).from(universities).get()?.n ?? 0;
    const p = this.db.select({ n: count() }).from(prompts).get()?.n ?? 0;
    return { universities: u, prompts: p };
  }
}
