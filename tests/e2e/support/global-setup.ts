/**
 * Before the browser files: api/server.ts compiled once by scripts/build.ts into
 * dist/e2e-server/server.js, from the sources as they are now. Each file's server then starts with
 * plain node (about half the start of `tsx api/server.ts`, which transpiles the server again in
 * every file), and is the same build `npm start` runs.
 */
import { join } from 'node:path';
import { buildServer } from '../../../scripts/build';
import { E2E_SERVER, ROOT } from './server';

export default async function setup(): Promise<void> {
  await buildServer(join(ROOT, E2E_SERVER));
}
