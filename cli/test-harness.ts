/**
 * What every CLI test starts from: a fresh directory with a SQLite file per test, the console
 * captured into `out`, and the exit code reset. Call once inside a `describe`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function cliHarness(prefix: string) {
  const h = {
    dir: '',
    url: '',
    /** Everything printed (log and error), one entry a call; cleared before each test. */
    out: [] as string[],
    env: () => ({
      NODE_ENV: 'test',
      DATABASE_URL: h.url,
      MEDIA_DIR: join(h.dir, 'media'),
      JWT_SECRET: 'cli-secret-cli-secret-cli-secret-123456',
    }),
  };
  beforeEach(() => {
    h.dir = mkdtempSync(join(tmpdir(), prefix));
    h.url = `file:${join(h.dir, 'db.sqlite')}`;
    h.out.length = 0;
    vi.spyOn(console, 'log').mockImplementation((...a) => h.out.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a) => h.out.push(a.join(' ')));
    process.exitCode = undefined;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
    rmSync(h.dir, { recursive: true, force: true });
  });
  return h;
}
