/**
 * PostgreSQL unreachable (issue 14 item 13): a request whose connection fails answers 503 with
 * Retry-After, never 500; a start against an unreachable DATABASE_URL ends with one line naming it.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { resolve } from 'node:path';
import { uuidIds } from '../../adapters/crypto/crypto';
import { openDatabase } from '../../adapters/db/database';
import { createApp } from '../../api/app';
import { loadEnv } from '../../config/env';
import { GOOD_PASSWORD, TEST_ORIGIN, TestClient } from '../support/test-app';

const ROOT = resolve(import.meta.dirname, '../..');
const UNAVAILABLE = {
  status: 503,
  code: 'HTTP.UNAVAILABLE',
  detail: 'Service temporarily unavailable. Try again shortly.',
};

function appOn(databaseUrl: string) {
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
  });
  // Already migrated, as a server is by the time it serves: the failures below are mid-run ones.
  const database = openDatabase(databaseUrl, uuidIds, { migrate: false, poolMax: 2 });
  const logs: string[] = [];
  const built = createApp({ env, database, log: (l) => logs.push(l) });
  return { client: new TestClient(built.app.fetch), logs, close: () => database.close() };
}

async function expectUnavailable(client: TestClient) {
  for (const res of [
    await client.get('/api/health'),
    await client.post('/api/auth/sign-in', { email: 'someone@ucla.edu', password: GOOD_PASSWORD }),
  ]) {
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(res.json).toMatchObject(UNAVAILABLE);
  }
}

describe('PostgreSQL unreachable while running', () => {
  it('answers 503 with Retry-After when the server refuses connections', async () => {
    const t = appOn('postgres://postgres:hunter2@127.0.0.1:1/nestmate');
    await expectUnavailable(t.client);
    expect(t.logs.join('\n')).not.toContain('hunter2');
    await t.close();
  });

  it('answers 503 with Retry-After when the server drops the connection ("Connection terminated")', async () => {
    // A server that accepts and hangs up at once, as PostgreSQL does when it shuts down or a
    // backend is terminated under a connection.
    const dropper: Server = createServer((socket) => socket.destroy());
    await new Promise<void>((ok) => dropper.listen(0, '127.0.0.1', ok));
    const { port } = dropper.address() as { port: number };
    const t = appOn(`postgres://postgres@127.0.0.1:${port}/nestmate`);
    await expectUnavailable(t.client);
    // The driver's reason, not Drizzle's wrapper, whose message carries the query's parameters.
    expect(t.logs.join('\n')).toMatch(/database unavailable: Connection terminated/);
    expect(t.logs.join('\n')).not.toMatch(/Failed query|someone@ucla\.edu/);
    await t.close();
    await new Promise((ok) => dropper.close(ok));
  });
});

/** Runs `api/server.ts` with only these variables; resolves with its exit code and stderr. */
async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const code = await new Promise<number | null>((ok) => child.on('exit', ok));
  return { code, lines: stderr.trim().split('\n'), stderr };
}

describe('start-up failures', () => {
  it('an unreachable DATABASE_URL exits non-zero with one line naming it, without its password or a stack', async () => {
    const { code, lines, stderr } = await startServer({
      NODE_ENV: 'production',
      JWT_SECRET: 'start-secret-start-secret-start-secret-12',
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/x',
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL=postgres://postgres:***@127.0.0.1:1/x');
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('hunter2');
  });

  it('a bad environment exits non-zero with one line naming the variable', async () => {
    const { code, lines } = await startServer({ NODE_ENV: 'production', DATABASE_URL: 'file::memory:' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      '[server] cannot start: Invalid environment: JWT_SECRET is required in production (at least 32 characters)',
    ]);
  });
});
