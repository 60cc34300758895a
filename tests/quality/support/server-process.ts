/**
 * The real server as a child process on 127.0.0.1 (issue 11 §4, §5): `tsx api/server.ts` on a
 * temporary SQLite file and a free port. Shared by the durability test and the benchmarks.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

export type ServerOptions = {
  dbFile: string;
  /** Instead of the SQLite file: any DATABASE_URL, e.g. a PostgreSQL database shared by several servers. */
  databaseUrl?: string;
  port: number;
  nodeEnv?: 'test' | 'production';
  /** Extra variables, e.g. TRUST_PROXY for tests that simulate many clients. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** A compiled server to run with node (scripts/build.ts) instead of `tsx api/server.ts`. */
  compiled?: string;
};

export type RunningServer = {
  url: string;
  pid: number;
  output: () => string;
  /** Signals the whole process group (tsx runs the server in a grandchild) and waits for it to exit. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
};

/** The server's signing key in these runs, so tests can mint sessions without signing in. */
export const SERVER_SECRET = 'durability-and-bench-secret-0123456789abcdef';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const [command, args] = options.compiled
    ? [process.execPath, [options.compiled]]
    : [join(REPO_ROOT, 'node_modules/.bin/tsx'), ['api/server.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: options.nodeEnv ?? 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      APP_URL: url,
      DATABASE_URL: options.databaseUrl ?? `file:${options.dbFile}`,
      SEED_DEMO_USERS: 'false',
      JWT_SECRET: SERVER_SECRET,
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');

  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (alive) {
      try {
        process.kill(-pid, signal);
      } catch {
        // Already gone.
      }
    }
    await exited;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 30_000);
  while (Date.now() < deadline) {
    if (!alive) throw new Error(`the server exited before it was ready:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return { url, pid, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  await stop('SIGKILL');
  throw new Error(`the server was not ready within the timeout:\n${output}`);
}
