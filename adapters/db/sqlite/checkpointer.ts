/**
 * Checkpoints a SQLite file's WAL from a worker thread (N245), so no request's commit pays for
 * copying the WAL back into the database file and the fsyncs that follow.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints: at 4,000 writes a second the WAL then holds ≈ 4,000 frames. */
const EVERY_MS = 100;

/**
 * The worker: its own connection to the file, a PASSIVE checkpoint every EVERY_MS (it never waits
 * for or blocks a reader or a writer), closed when told. Code as text, so the compiled server needs
 * no second entry file; the driver is required by its resolved path.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY: another checkpoint is running; the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop: () => Promise<void> };

export function startCheckpointer(file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs: EVERY_MS } });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A worker that cannot run leaves the checkpoints to the commits' backstop: worth a line, not a crash.
  worker.on('error', (e) => console.error(`[db] the WAL checkpointer stopped: ${e.message}`));
  return {
    stop: () => {
      worker.postMessage('stop');
      return exited;
    },
  };
}
