/**
 * Most Compatible today's matching on a worker thread (N137): scoring every pair of a 10,000-student
 * campus takes seconds of CPU, which on the event loop would stall every request of the process.
 * One worker per campus and day at a time: requests that arrive while it runs wait for the same
 * result. The worker runs the TypeScript source through tsx (a runtime dependency), in development
 * and from the built server alike.
 */
import { Worker } from 'node:worker_threads';
import type { CampusMatcher, CampusMatchingInput } from '../../core/most-compatible/campus-matching';
import type { DailyMatching } from '../../core/most-compatible/daily-matching';

const WORKER = new URL('./campus-matching.worker.mjs', import.meta.url);

function run(input: CampusMatchingInput): Promise<DailyMatching> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: input });
    worker.once('message', (result: DailyMatching) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`campus matching worker exited with code ${code}`));
    });
  });
}

export function workerCampusMatcher(): CampusMatcher {
  const running = new Map<string, Promise<DailyMatching>>();
  return (input) => {
    const key = `${input.day}|${input.campus}`;
    let result = running.get(key);
    if (!result) {
      result = run(input).finally(() => running.delete(key));
      running.set(key, result);
    }
    return result;
  };
}
