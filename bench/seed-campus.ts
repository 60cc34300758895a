/**
 * Bulk-loads complete students into a SQLite file for the benchmarks: straight SQL in one
 * transaction (100,000 students in a few seconds), spread over the 22 universities, with varied
 * preferences from a seeded generator so scores differ. Not for the product: no argon2, no photos
 * on disk.
 */
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { PROMPTS } from '../fixtures/prompts';
import { seededRandom } from '../fixtures/random';
import { UNIVERSITIES } from '../fixtures/universities';

const SMOKING = ['no_smoking', 'outside_only', 'vaping_ok', 'smoking_ok'];
const HOUSING = ['looking_for_roommates', 'looking_to_join', 'flexible'];
const GENDERS = ['Male', 'Female', 'Non-binary'];
const MOVE_IN = ['2027-01-05', '2027-03-25', '2027-06-15', '2027-08-20'];

export async function seedCampus(
  dbFile: string,
  count: number,
  seed = 7,
  /** How many of the 22 universities to spread over (1: everyone on one campus, all in each other's reach). */
  campuses = UNIVERSITIES.length,
): Promise<{ ids: string[]; universities: string[] }> {
  const db = openDatabase(`file:${dbFile}`, uuidIds);
  await db.referenceData.upsert(UNIVERSITIES, PROMPTS);
  db.close();
  const Database = (await import('better-sqlite3')).default;
  const sql = new Database(dbFile);
  sql.pragma('journal_mode = WAL');
  sql.pragma('synchronous = OFF');
  const rnd = seededRandom(seed);
  const prompts = PROMPTS.filter((p) => p.isActive).slice(0, 3);
  const now = Date.now();
  const user = sql.prepare(
    `INSERT INTO users (id, email, password_hash, email_confirmed_at, is_student_verified, status, created_at, updated_at)
     VALUES (?, ?, 'bench', ?, 1, 'active', ?, ?)`,
  );
  const profile = sql.prepare(
    `INSERT INTO profiles (id, name, bio, university, major, graduation_year, gender, hobbies, completed_at, created_at, updated_at)
     VALUES (?, ?, 'Bench student', ?, 'Biology', ?, ?, '[]', ?, ?, ?)`,
  );
  const prefs = sql.prepare(
    `INSERT INTO roommate_preferences (user_id, cleanliness, sleep_schedule, noise_level, study_habits, guest_policy,
       smoking_tolerance, housing_status, financial_status, needs_cosigner, move_in_choice, move_in_date, min_budget,
       max_budget, preferred_neighborhoods, dealbreakers, gender_preference, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'mixed', 'no', 'fall-2027', ?, ?, ?, '[]', '[]', '["Open to all"]', ?, ?)`,
  );
  const photo = sql.prepare(
    'INSERT INTO photos (id, user_id, storage_key, position, created_at) VALUES (?, ?, ?, 0, ?)',
  );
  const answer = sql.prepare(
    'INSERT INTO profile_prompts (profile_id, prompt_id, response, position) VALUES (?, ?, ?, ?)',
  );
  const ids: string[] = [];
  sql.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = uuidIds.newId();
      const uni = UNIVERSITIES[i % campuses]!;
      user.run(id, `bench${i}@${uni.emailDomain}`, now, now, now);
      profile.run(id, `Student ${i}`, uni.name, rnd.int(2026, 2030), rnd.pick(GENDERS), now, now, now);
      const min = rnd.int(4, 15) * 100;
      prefs.run(
        id,
        rnd.int(1, 5),
        rnd.int(1, 5),
        rnd.int(1, 5),
        rnd.int(1, 5),
        rnd.int(1, 5),
        rnd.pick(SMOKING),
        rnd.pick(HOUSING),
        rnd.pick(MOVE_IN),
        min,
        min + rnd.int(2, 10) * 100,
        now,
        now,
      );
      photo.run(`${id}-p`, id, `${id}/1-bench.webp`, now);
      prompts.forEach((p, position) => {
        answer.run(id, p.id, `Answer ${position + 1}`, position);
      });
      ids.push(id);
    }
  })();
  sql.pragma('wal_checkpoint(TRUNCATE)');
  sql.close();
  return { ids, universities: UNIVERSITIES.map((u) => u.name) };
}

/** Passes from the first of each pair to the second, written in one transaction (no use case). */
export async function seedPasses(dbFile: string, pairs: [string, string][]): Promise<void> {
  const Database = (await import('better-sqlite3')).default;
  const sql = new Database(dbFile);
  const insert = sql.prepare(
    `INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, compatibility_score, matched_at, created_at)
     VALUES (?, ?, ?, 'passed', 0, NULL, NULL, ?)`,
  );
  const now = Date.now();
  sql.transaction(() => {
    for (const [userId, targetId] of pairs) insert.run(uuidIds.newId(), userId, targetId, now);
  })();
  sql.close();
}

/** Makes each pair a mutual match with an open conversation; returns the conversation ids. */
export async function seedConversations(dbFile: string, pairs: [string, string][]): Promise<string[]> {
  const Database = (await import('better-sqlite3')).default;
  const sql = new Database(dbFile);
  const now = Date.now();
  const ids: string[] = [];
  sql.transaction(() => {
    for (const pair of pairs) {
      const [a, b] = [...pair].sort() as [string, string];
      const conversation = `${a}_${b}`;
      for (const [u, v] of [
        [a, b],
        [b, a],
      ]) {
        sql
          .prepare(
            `INSERT INTO matches (id, user_id, matched_user_id, status, is_super_like, matched_at, created_at) VALUES (?, ?, ?, 'matched', 0, ?, ?)`,
          )
          .run(uuidIds.newId(), u, v, now, now);
      }
      sql
        .prepare('INSERT INTO conversations (id, user1_id, user2_id, created_at) VALUES (?, ?, ?, ?)')
        .run(conversation, a, b, now);
      sql
        .prepare('INSERT INTO conversation_participants (conversation_id, user_id) VALUES (?, ?), (?, ?)')
        .run(conversation, a, conversation, b);
      ids.push(conversation);
    }
  })();
  sql.close();
  return ids;
}

/**
 * Live sessions without sign-in (no argon2): a refresh-token family per user and the access-token
 * cookie the server would set, signed with the server's JWT_SECRET. Returns `Cookie` header values.
 */
export async function seedSessions(
  dbFile: string,
  userIds: string[],
  secret: string,
  cookieName = 'nm_at',
): Promise<Map<string, string>> {
  const Database = (await import('better-sqlite3')).default;
  const { SignJWT } = await import('jose');
  const { createHash } = await import('node:crypto');
  const sql = new Database(dbFile);
  const now = Date.now();
  const families = new Map<string, string>();
  sql.transaction(() => {
    for (const id of userIds) {
      const family = uuidIds.newId();
      families.set(id, family);
      sql
        .prepare(
          'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          uuidIds.newId(),
          id,
          family,
          createHash('sha256').update(uuidIds.newId()).digest('hex'),
          now + 86_400_000,
          now,
        );
    }
  })();
  sql.close();
  const key = new TextEncoder().encode(secret);
  const seconds = Math.floor(now / 1000);
  const cookies = new Map<string, string>();
  for (const id of userIds) {
    const token = await new SignJWT({ sid: families.get(id) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(id)
      .setIssuer('nestmate')
      .setAudience('nestmate-api')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 3600)
      .sign(key);
    cookies.set(id, `${cookieName}=${token}`);
  }
  return cookies;
}

/**
 * Copies tables from a seeded SQLite file into a migrated PostgreSQL database (issue 10): both
 * schemas store the same values (docs/decisions.md N29), so rows go across as they are, 2,000 at a
 * time through json_populate_recordset.
 */
export async function copyToPostgres(dbFile: string, url: string, tables: readonly string[]): Promise<void> {
  const Database = (await import('better-sqlite3')).default;
  const pg = (await import('pg')).default;
  const sql = new Database(dbFile, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of tables) {
      const rows = sql.prepare(`SELECT * FROM ${table}`).all();
      for (let i = 0; i < rows.length; i += 2_000) {
        await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(null::${table}, $1)`, [
          JSON.stringify(rows.slice(i, i + 2_000)),
        ]);
      }
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
    sql.close();
  }
}
