/** The worker thread of campus-matcher.ts: one campus's matching, off the server's event loop (N137). */
import { parentPort, workerData } from 'node:worker_threads';
import { type CampusMatchingInput, matchCampus } from '../../core/most-compatible/campus-matching';

const result = matchCampus(workerData as CampusMatchingInput);
parentPort?.postMessage(result, [result.partner.buffer as ArrayBuffer, result.pairScore.buffer as ArrayBuffer]);
