/** `npm start`: migrate, seed an empty database, serve the API and the web app. */
import { Argon2PasswordHasher, uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { LocalDiskPhotoStore } from '../adapters/storage/local-disk.photo-store';
import { seedDemoUsers, seedReferenceData } from '../cli/seed';
import { processDataRequests } from '../core/privacy/data-requests';
import { createApp } from './app';
import { isProduction, loadEnv } from './env';
import { listen } from './http-server';

const env = loadEnv();
const db = openDatabase(env.DATABASE_URL, uuidIds);

const counts = await db.referenceData.counts();
if (counts.universities === 0 || counts.prompts === 0) {
  const seeded = await seedReferenceData(db);
  console.log(`[seed] reference data: ${seeded.universities} universities, ${seeded.prompts} prompts`);
}
if (!isProduction(env) && (env.SEED_DEMO_USERS ?? true)) {
  const users = await seedDemoUsers(
    db,
    { hasher: new Argon2PasswordHasher(), ids: uuidIds, now: () => new Date() },
    8,
    42,
    () => {},
    new LocalDiskPhotoStore(env.MEDIA_DIR),
  );
  if (users.some((u) => u.created)) {
    console.log('[seed] demo students (confirmed, Terms accepted):');
    for (const u of users) console.log(`         ${u.email}  /  ${u.password}`);
  }
}

const built = createApp({ env, database: db });
const http = await listen(built, env);
console.log(`Nestmate is running on ${env.APP_URL} (listening on ${http.address.address}:${http.address.port})`);
console.log(`API docs: ${env.APP_URL}/api/docs · OpenAPI: ${env.APP_URL}/api/openapi.json`);
if (!isProduction(env)) console.log(`Development mailbox: ${env.APP_URL}/dev/mailbox`);

// Pending data exports are built in the background (D25); deletions wait for `nestmate retention run`.
const privacyJob = setInterval(() => {
  processDataRequests({ clock: built.clock, ids: uuidIds, privacy: db.privacy }, { erase: false }).catch((e) =>
    console.error(`[privacy] export processing failed: ${String(e)}`),
  );
}, 10_000);
privacyJob.unref();

function shutdown(signal: string) {
  console.log(`[server] ${signal}: closing`);
  void http.close().then(() => {
    db.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
