/** `npm start`: migrate, seed an empty database, serve the API and the web app. */
import { Argon2PasswordHasher, uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { driverMessage } from '../adapters/db/errors';
import { PostgresRealtimeBus } from '../adapters/realtime/postgres.bus';
import { LocalDiskPhotoStore } from '../adapters/storage/local-disk.photo-store';
import { seedDemoUsers, seedReferenceData } from '../cli/seed';
import { isProduction, loadEnv, redactUrl } from '../config/env';
import { runDigests } from '../core/notifications/digest';
import { runEndingNotices } from '../core/notifications/subscription-ending';
import { processDataRequests } from '../core/privacy/data-requests';
import { createApp } from './app';
import { listen } from './http-server';
import { startupCheck } from './startup-check';

/** A start that cannot succeed ends with one line naming what to fix, never a stack (issue 14). */
function fail(line: string): never {
  console.error(`[server] cannot start: ${line}`);
  process.exit(1);
}

const env = (() => {
  try {
    return loadEnv();
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
})();
// On a PostgreSQL server, realtime events reach sockets held by any process (D4, LISTEN/NOTIFY).
const realtime = /^postgres(ql)?:\/\//.test(env.DATABASE_URL) ? new PostgresRealtimeBus(env.DATABASE_URL) : undefined;
const db = openDatabase(env.DATABASE_URL, uuidIds, {
  poolMax: env.DATABASE_POOL_MAX,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  // That bus's events can be written by the statement that causes them (N225).
  statementEvents: realtime?.statementEvents,
  backgroundCheckpoints: true,
});
try {
  await db.ready();
  await realtime?.start();
} catch (e) {
  const secret = URL.canParse(env.DATABASE_URL) ? decodeURIComponent(new URL(env.DATABASE_URL).password) : '';
  const why = secret ? driverMessage(e).replaceAll(secret, '***') : driverMessage(e);
  fail(`the database at DATABASE_URL=${redactUrl(env.DATABASE_URL)} cannot be reached or migrated: ${why}`);
}

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

const built = createApp({ env, database: db, realtime });
const http = await listen(built, env);
console.log(`Nestmate is running on ${env.APP_URL} (listening on ${http.address.address}:${http.address.port})`);
console.log(`API docs: ${env.APP_URL}/api/docs · OpenAPI: ${env.APP_URL}/api/openapi.json`);
if (!isProduction(env)) console.log(`Development mailbox: ${env.APP_URL}/dev/mailbox`);
for (const line of startupCheck(env)) console.warn(`[config] ${line}`);

// Pending data exports are built in the background (D25); deletions wait for `nestmate retention run`.
const privacyJob = setInterval(() => {
  processDataRequests({ clock: built.clock, ids: uuidIds, privacy: db.privacy }, { erase: false }).catch((e) =>
    console.error(`[privacy] export processing failed: ${String(e)}`),
  );
}, 10_000);
privacyJob.unref();

// The digest e-mails (issue 19, N104): every 10 minutes here, or by `nestmate notify run` from cron;
// several processes running it at once still send one digest per student a day. "Gold ends in 3
// days" runs beside it, once per subscription end whichever process claims it (N125).
const digestJob = setInterval(() => {
  runDigests(built.digestDeps).catch((e) => console.error(`[digest] run failed: ${String(e)}`));
  runEndingNotices(built.endingNoticeDeps).catch((e) => console.error(`[notices] run failed: ${String(e)}`));
}, 10 * 60_000);
digestJob.unref();

/**
 * Graceful shutdown (issue 10): stop accepting, tell WebSocket clients to reconnect (close 1012, so a
 * load balancer sends them to another process), let requests in flight finish, then close the pool.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: draining`);
  clearInterval(privacyJob);
  clearInterval(digestJob);
  setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 5_000).unref();
  await http.close({ graceMs: env.SHUTDOWN_GRACE_MS });
  await realtime?.close();
  await db.close();
  console.log('[server] stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
