/** PostgreSQL adapter for hidden words (issue 15), the twin of the SQLite one. */
import type { HiddenWordRepository } from '../../../core/moderation/hidden-words';
import { DELETE_HIDDEN_WORDS, INSERT_HIDDEN_WORD, LIST_HIDDEN_WORDS, toWords } from '../shared/hidden-words-rows';
import type { PgSql } from './sql';

export class PostgresHiddenWordRepository implements HiddenWordRepository {
  constructor(private readonly q: PgSql) {}

  async list(userId: string) {
    return toWords(await this.q.all<{ word: string }>(LIST_HIDDEN_WORDS, [userId]));
  }

  async replace(userId: string, words: string[], at: Date) {
    await this.q.transaction(async (tx) => {
      // Two saves at once would both delete nothing and then collide on (user_id, word): the user's
      // row lock makes the second wait for the first.
      await tx.lockUsers(userId);
      await tx.run(DELETE_HIDDEN_WORDS, [userId]);
      for (const word of words) await tx.run(INSERT_HIDDEN_WORD, [userId, word, at.getTime()]);
    });
  }
}
