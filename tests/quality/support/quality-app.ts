/**
 * The real app for the quality suite: like tests/support/test-app but on a SQLite file, so a
 * second read-only connection can snapshot every table, and with a small built web app so HTML
 * and static media are served without `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sha256Digest, uuidIds } from '../../../adapters/crypto/crypto';
import { openDatabase } from '../../../adapters/db/database';
import { createApp } from '../../../api/app';
import { loadEnv } from '../../../config/env';
import { fixedClock, MINUTE } from '../../../core/shared/clock';
import { GOOD_PASSWORD, signedInClient, TEST_ORIGIN, TestClient } from '../../support/test-app';

export { GOOD_PASSWORD, TEST_ORIGIN, TestClient };

export const TEST_JWT_SECRET = 'quality-secret-quality-secret-quality-1234';

/** A minimal built web app: an HTML shell, a hashed script, a stylesheet and images. */
export function makeWebDist(dir: string): string {
  const dist = join(dir, 'web');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nestmate</title>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("nestmate");\n');
  writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}\n');
  // 1×1 transparent PNG: a stand-in for photos and other media.
  writeFileSync(
    join(dist, 'assets', 'pixel-abc123.png'),
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    ),
  );
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  return dist;
}

export type QualityApp = ReturnType<typeof makeQualityApp>;

export function makeQualityApp(overrides: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-quality-'));
  const file = join(dir, 'db.sqlite');
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${file}`,
    APP_URL: TEST_ORIGIN,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: makeWebDist(dir),
    ...overrides,
  });
  const clock = fixedClock('2026-09-01T12:00:00.000Z');
  const database = openDatabase(`file:${file}`, uuidIds);
  const logs: string[] = [];
  const built = createApp({ env, clock, database, log: (l) => logs.push(l) });
  const reader = new Database(file, { readonly: true, fileMustExist: true });

  const t = {
    ...built,
    env,
    clock,
    logs,
    file,
    client: () => new TestClient(built.app.fetch),
    /**
     * A signed-in session for an existing user without the ~40 ms argon2 verify of sign-in:
     * the same rows and token the sign-in use case issues (core/accounts/sessions.ts).
     */
    async mintSession(userId: string): Promise<Record<string, string>> {
      const now = clock.now();
      const familyId = uuidIds.newId();
      const refresh = `quality-${uuidIds.newId()}`;
      await built.db.refreshTokens.create({
        id: uuidIds.newId(),
        userId,
        familyId,
        tokenHash: sha256Digest.digest(refresh),
        expiresAt: new Date(now.getTime() + 30 * 24 * 60 * MINUTE),
        revokedAt: null,
      });
      const access = await built.accountDeps.accessTokens.sign(
        { userId, sessionFamily: familyId },
        new Date(now.getTime() + 15 * MINUTE),
      );
      const names = env.NODE_ENV === 'production' ? ['__Host-nm_at', '__Host-nm_rt'] : ['nm_at', 'nm_rt'];
      return { [names[0]!]: access, [names[1]!]: refresh };
    },
    /** A confirmed user who accepted the agreement, signed in through the real routes. */
    async createUser(email: string) {
      const client = await signedInClient(t as unknown as Parameters<typeof signedInClient>[0], email);
      const agreed = await client.post('/api/agreements', {
        tos_accepted: true,
        privacy_accepted: true,
        marketing_accepted: false,
        accepted_at: null,
        user_agent: null,
      });
      if (agreed.status !== 201) throw new Error(`agreement failed: ${agreed.text}`);
      const user = await built.db.users.findByEmail(email);
      if (!user) throw new Error(`user ${email} was not created`);
      return { id: user.id, email, client };
    },
    /** Every row of every table, keyed by table, in a stable order. */
    snapshot(exclude: readonly string[] = []): Record<string, unknown[]> {
      const tables = reader
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all() as { name: string }[];
      const out: Record<string, unknown[]> = {};
      for (const { name } of tables) {
        if (exclude.includes(name)) continue;
        out[name] = reader.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all();
      }
      return out;
    },
    close() {
      reader.close();
      built.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}
