/** What the SQLite and PostgreSQL hidden-word repositories share (N29: same representation, same SQL). */

export const LIST_HIDDEN_WORDS = 'SELECT word FROM hidden_words WHERE user_id = ? ORDER BY created_at, word';
export const DELETE_HIDDEN_WORDS = 'DELETE FROM hidden_words WHERE user_id = ?';
export const INSERT_HIDDEN_WORD = 'INSERT INTO hidden_words (user_id, word, created_at) VALUES (?, ?, ?)';

export const toWords = (rows: { word: string }[]): string[] => rows.map((r) => r.word);
