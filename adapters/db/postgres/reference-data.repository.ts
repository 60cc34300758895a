import { count } from 'drizzle-orm';
import type { PromptSeed } from '../../../fixtures/prompts';
import type { University } from '../../../fixtures/universities';
import type { PgDb } from './client';
import { prompts, universities } from './schema';
import { first } from './sql';

/** Reference data (000 §3): universities with coordinates and metro groups, the prompt catalogue. */
export class PostgresReferenceDataRepository {
  constructor(private readonly db: PgDb) {}

  /** Upserts so that re-seeding updates texts and coordinates without duplicating rows. */
  async upsert(unis: readonly University[], catalogue: readonly PromptSeed[]): Promise<void> {
    await this.db.transaction(async (tx) => {
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
        await tx.insert(universities).values(row).onConflictDoUpdate({ target: universities.id, set: row });
      }
      for (const p of catalogue) {
        const row = {
          id: p.id,
          promptText: p.promptText,
          category: p.category,
          isActive: p.isActive,
          displayOrder: p.displayOrder,
        };
        await tx.insert(prompts).values(row).onConflictDoUpdate({ target: prompts.id, set: row });
      }
    });
  }

  async counts(): Promise<{ universities: number; prompts: number }> {
    const u = (await this.db.select({ n: count() }).from(universities).then(first))?.n ?? 0;
    const p = (await this.db.select({ n: count() }).from(prompts).then(first))?.n ?? 0;
    return { universities: u, prompts: p };
  }
}
