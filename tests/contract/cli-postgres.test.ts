/**
 * The `nestmate` CLI against PostgreSQL (issue 10): the same commands as on SQLite, with
 * DATABASE_URL=postgres://… Needs a PostgreSQL server (TEST_DATABASE_URL); CI sets it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uuidIds } from '../../adapters/crypto/crypto';
import { openDatabase } from '../../adapters/db/database';
import { EXIT, run } from '../../cli/main';
import { createServerDatabase, serverUrl } from './support/databases';

const server = serverUrl();
if (!server) console.warn('[cli-postgres] TEST_DATABASE_URL is not set: the CLI-on-PostgreSQL test is skipped.');

describe.runIf(server)('nestmate CLI on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let dir: string;
  let out: string[];
  const env = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    MEDIA_DIR: join(dir, 'media'),
    JWT_SECRET: 'cli-secret-cli-secret-cli-secret-123456',
  });

  beforeAll(async () => {
    ({ url, drop } = await createServerDatabase(server as string));
    dir = mkdtempSync(join(tmpdir(), 'nestmate-cli-pg-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await drop?.();
  });
  beforeEach(() => {
    out = [];
    vi.spyOn(console, 'log').mockImplementation((...a) => out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a) => out.push(a.join(' ')));
    process.exitCode = undefined;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('migrates, seeds demo students, grants an admin and runs retention, as on SQLite', async () => {
    expect(await run(['migrate'], env())).toBe(EXIT.ok);
    expect(out).toContain('Migrations applied.');
    out.length = 0;
    expect(await run(['seed', '--demo', '2', '--seed', '7', '--json'], env())).toBe(EXIT.ok);
    const seeded = JSON.parse(out.join('\n'));
    expect(seeded).toMatchObject({ universities: 22, prompts: 25 });
    const email = seeded.demoUsers[0].email as string;
    out.length = 0;
    expect(await run(['admin', 'grant', email], env())).toBe(EXIT.ok);
    expect(await run(['admin', 'grant', 'nobody@ucla.edu'], env())).toBe(EXIT.notFound);
    out.length = 0;
    expect(await run(['retention', 'run', '--dry-run', '--json'], env())).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ dryRun: true });

    const db = openDatabase(url, uuidIds);
    try {
      const user = await db.users.findByEmail(email);
      expect(await db.admins.isActiveAdmin(user!.id)).toBe(true);
      expect((await db.profiles.get(user!.id))?.photos).toHaveLength(3);
    } finally {
      await db.close();
    }
  }, 60_000);
});
