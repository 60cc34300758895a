/**
 * The group chat migration (issue 20, N116) rebuilds `conversations` inside the migrator's
 * transaction, where foreign keys stay on: dropping the old table would cascade to participants
 * and messages. This migrates a database that has both up to the migration before it, then
 * through it, and checks nothing was lost and existing groups got their chats.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const MIGRATIONS = fileURLToPath(new URL('../../../migrations/sqlite', import.meta.url));
const TAG = 'group_chat';

describe('SQLite migration to group chats (issue 20)', () => {
  it('keeps every conversation, participant and message, and opens a chat for each existing group', () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const target = journal.entries.find((e) => e.tag.endsWith(TAG));
    expect(target).toBeDefined();
    const before = mkdtempSync(join(tmpdir(), 'nestmate-migrations-'));
    try {
      mkdirSync(join(before, 'meta'));
      const earlier = journal.entries.filter((e) => e.idx < (target?.idx ?? 0));
      for (const e of earlier) copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(before, `${e.tag}.sql`));
      writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
      expect(readdirSync(before).length).toBe(earlier.length + 1);

      const sqlite = new Database(':memory:');
      sqlite.pragma('foreign_keys = ON');
      const db = drizzle(sqlite);
      migrate(db, { migrationsFolder: before });
      const put = (table: string, row: Record<string, unknown>) =>
        sqlite
          .prepare(`INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row).map(() => '?')})`)
          .run(...Object.values(row));
      const at = Date.UTC(2026, 8, 1);
      for (const id of ['u1', 'u2', 'u3']) {
        put('users', {
          id,
          email: `${id}@ucla.edu`,
          password_hash: 'h',
          status: 'active',
          created_at: at,
          updated_at: at,
        });
      }
      put('conversations', { id: 'u1_u2', user1_id: 'u1', user2_id: 'u2', created_at: at, last_message_seq: 2 });
      put('conversation_participants', { conversation_id: 'u1_u2', user_id: 'u1', cleared_seq: 1, hidden: 1 });
      put('conversation_participants', { conversation_id: 'u1_u2', user_id: 'u2' });
      put('messages', { id: 'm1', conversation_id: 'u1_u2', sender_id: 'u1', content: 'hi', created_at: at });
      put('messages', {
        id: 'm2',
        conversation_id: 'u1_u2',
        sender_id: 'u2',
        content: 'yo',
        created_at: at,
        is_read: 1,
      });
      put('groups', { id: 'g1', name: 'Westwood', creator_id: 'u1', created_at: at });
      put('group_members', { group_id: 'g1', user_id: 'u1', role: 'admin', joined_at: at });
      put('group_members', { group_id: 'g1', user_id: 'u3', role: 'member', joined_at: at });

      migrate(db, { migrationsFolder: MIGRATIONS });

      expect(sqlite.prepare('SELECT id, user1_id, user2_id, group_id FROM conversations ORDER BY id').all()).toEqual([
        { id: 'group-g1', user1_id: null, user2_id: null, group_id: 'g1' },
        { id: 'u1_u2', user1_id: 'u1', user2_id: 'u2', group_id: null },
      ]);
      expect(
        sqlite
          .prepare(
            'SELECT conversation_id, user_id, cleared_seq, hidden FROM conversation_participants ORDER BY conversation_id, user_id',
          )
          .all(),
      ).toEqual([
        { conversation_id: 'group-g1', user_id: 'u1', cleared_seq: 0, hidden: 0 },
        { conversation_id: 'group-g1', user_id: 'u3', cleared_seq: 0, hidden: 0 },
        { conversation_id: 'u1_u2', user_id: 'u1', cleared_seq: 1, hidden: 1 },
        { conversation_id: 'u1_u2', user_id: 'u2', cleared_seq: 0, hidden: 0 },
      ]);
      expect(sqlite.prepare('SELECT seq, id, content, is_read FROM messages ORDER BY seq').all()).toEqual([
        { seq: 1, id: 'm1', content: 'hi', is_read: 0 },
        { seq: 2, id: 'm2', content: 'yo', is_read: 1 },
      ]);
      expect(sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE '__keep%'").all()).toEqual([]);
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      // Sequence numbers go on from where they were.
      put('messages', { id: 'm3', conversation_id: 'u1_u2', sender_id: 'u2', content: 'new', created_at: at });
      expect(sqlite.prepare("SELECT seq FROM messages WHERE id = 'm3'").get()).toEqual({ seq: 3 });
      sqlite.close();
    } finally {
      rmSync(before, { recursive: true, force: true });
    }
  });
});
