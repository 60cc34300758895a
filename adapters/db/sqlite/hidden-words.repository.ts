/** SQLite adapter for hidden words (issue 15). */
import type { HiddenWordRepository } from '../../../core/moderation/hidden-words';
import { DELETE_HIDDEN_WORDS, INSERT_HIDDEN_WORD, LIST_HIDDEN_WORDS, toWords } from '../shared/hidden-words-rows';
import type { SqliteDb } from './client';

export class SqliteHiddenWordRepository implements HiddenWordRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  async list(userId: string) {
    return toWords(this.sql.prepare(LIST_HIDDEN_WORDS).all(userId) as { word: string }[]);
  }

  async replace(userId: string, words: string[], at: Date) {
    // One transaction: a reader sees the old list or the new one, never a half-written one.
    this.sql.transaction(() => {
      this.sql.prepare(DELETE_HIDDEN_WORDS).run(userId);
      const insert = this.sql.prepare(INSERT_HIDDEN_WORD);
      for (const word of words) insert.run(userId, word, at.getTime());
    })();
  }
}
