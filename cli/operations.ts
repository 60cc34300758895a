/** Moderation, reports, users and retention commands of `nestmate` (issue 9). */
import type { Command } from 'commander';
import { uuidIds } from '../adapters/crypto/crypto';
import type { Database } from '../adapters/db/database';
import { createModerationClassifier } from '../adapters/moderation/engine';
import { realtimeSessionEndings } from '../adapters/realtime/session-endings';
import { normalizeEmail } from '../core/accounts/rules';
import { releasedMessage } from '../core/messaging/conversations';
import type { RealtimeBus } from '../core/messaging/ports';
import {
  ADMIN_MESSAGES,
  type AdminDeps,
  BULK_REVIEW_MAX,
  reviewFlags,
  setReportStatus,
  setUserStatus,
} from '../core/moderation/admin';
import { autoFlagOf } from '../core/moderation/auto-flag';
import { severityLevel } from '../core/moderation/severity';
import { processDataRequests } from '../core/privacy/data-requests';
import { eraseStoredObjects } from '../core/privacy/erase-objects';
import { retentionCutoffs } from '../core/privacy/retention';
import type { PhotoStore } from '../core/profiles/ports';
import { purgeReviewedSelfies } from '../core/verification/verification';
import { registerModerationModelCommands } from './moderation';
import { progressBar } from './progress';

export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, conflict: 4 } as const;

type Open = () => Database;

/**
 * The realtime bus the servers listen on, when a CLI process can reach it: on PostgreSQL it crosses
 * processes (N32), so a suspension here closes the user's sockets on every server at once (issue 14).
 * A SQLite file has no such channel (null): there each server's check of every frame and heartbeat
 * closes them.
 */
export type OpenBus = () => (Pick<RealtimeBus, 'publish'> & { close(): Promise<void> }) | null;

const print = (json: boolean | undefined, value: unknown, text: () => void) => {
  if (json) console.log(JSON.stringify(value, null, 2));
  else text();
};

function fail(message: string, code: number) {
  console.error(message);
  process.exitCode = code;
}

/** The account with this e-mail; otherwise null, after saying so and setting exit code 3. */
export async function findUserOrExit(db: Database, email: string) {
  const user = await db.users.findByEmail(normalizeEmail(email));
  if (!user) fail(`No account with the e-mail ${email}.`, EXIT.notFound);
  return user;
}

const codeFor = (errorCode: string) => (errorCode.endsWith('NOT_FOUND') ? EXIT.notFound : EXIT.conflict);

/** Runs with the database open and always closes it (and the bus, when a session ending opened it). */
export async function withDb<T>(
  open: Open,
  fn: (db: Database, deps: AdminDeps) => Promise<T>,
  openBus: OpenBus = () => null,
) {
  const db = open();
  let bus: ReturnType<OpenBus> | undefined;
  const publisher: Pick<RealtimeBus, 'publish'> = {
    publish: async (userId, event) => {
      bus ??= openBus();
      await bus?.publish(userId, event);
    },
  };
  const sessionEndings = realtimeSessionEndings(publisher);
  // An approved held message reaches its recipient's open sockets too (issue 15).
  const messageReleases = {
    released: (messageId: string) =>
      releasedMessage({ conversations: db.conversations, groupChats: db.groupChats, realtime: publisher }, messageId),
  };
  try {
    return await fn(db, {
      clock: { now: () => new Date() },
      ids: uuidIds,
      admin: db.admins,
      sessionEndings,
      messageReleases,
    });
  } finally {
    await bus?.close();
    db.close();
  }
}

export function registerOperations(
  program: Command,
  open: Open,
  openBus: OpenBus = () => null,
  /** Where selfies are kept (issue 16): retention and erasure delete them there. */
  photoStore: () => PhotoStore | null = () => null,
) {
  const moderation = program.command('moderation').description('the content moderation queue (D22)');
  moderation
    .command('flags')
    .description('list content flags')
    .option('--status <status>', 'pending, approved or removed', 'pending')
    .option('--json', 'print as JSON')
    .action((opts: { status: 'pending' | 'approved' | 'removed'; json?: boolean }) =>
      withDb(open, async (db) => {
        if (!['pending', 'approved', 'removed'].includes(opts.status))
          return fail(`Unknown status: ${opts.status}`, EXIT.usage);
        const flags = await db.admins.flags(opts.status, 500);
        print(opts.json, flags, () => {
          if (flags.length === 0) console.log(`No ${opts.status} flags.`);
          for (const f of flags) {
            console.log(
              `${f.id}  ${severityLevel(f.flagReason)}  ${f.flagReason} (${f.confidenceScore ?? '–'})  ${f.contentType}${f.held ? ' held' : ''}  ${(f.content ?? '').slice(0, 70)}`,
            );
          }
        });
      }),
    );
  for (const decision of ['approve', 'remove'] as const) {
    moderation
      .command(`${decision} <ids...>`)
      .description(`${decision} pending flags (one or more ids, at most ${BULK_REVIEW_MAX})`)
      .option('--note <note>', 'a note for the audit log')
      .action((ids: string[], opts: { note?: string }) =>
        withDb(open, async (_db, deps) => {
          if (ids.length > BULK_REVIEW_MAX) return fail(`At most ${BULK_REVIEW_MAX} flags at once.`, EXIT.usage);
          const status = decision === 'approve' ? 'approved' : 'removed';
          const results = await reviewFlags(deps, null, ids, status, opts.note ?? null);
          for (const { flagId, outcome } of results) {
            if (outcome === 'not_found') fail(`${flagId}: ${ADMIN_MESSAGES.flagNotFound}`, EXIT.notFound);
            else if (outcome === 'already_reviewed') fail(`${flagId}: ${ADMIN_MESSAGES.reviewed}`, EXIT.conflict);
            else console.log(`Flag ${flagId} ${outcome}.`);
          }
          // A partly done batch still fails for scripts, with the code of its worst outcome.
          if (results.some((r) => r.outcome === 'not_found')) process.exitCode = EXIT.notFound;
        }),
      );
  }
  registerModerationModelCommands(moderation);
  moderation
    .command('scan')
    .description('re-run the classifier over stored messages and flag what is not flagged yet')
    .action(() =>
      withDb(open, async (db) => {
        const rows = await db.contentFlags.unflaggedMessages();
        const classifier = createModerationClassifier();
        const bar = progressBar('scanning', rows.length);
        let flagged = 0;
        for (const [i, m] of rows.entries()) {
          const flag = autoFlagOf(classifier.classify(m.content));
          if (flag) {
            await db.contentFlags.add({
              id: uuidIds.newId(),
              contentType: 'message',
              contentId: m.id,
              authorId: m.senderId,
              flag,
              at: new Date(),
            });
            flagged++;
          }
          bar.update(i + 1);
        }
        bar.done();
        console.log(`Scanned ${rows.length} messages; ${flagged} new flags.`);
      }),
    );

  const reports = program.command('reports').description('user reports (D20)');
  reports
    .command('list')
    .description('the newest reports')
    .option('--limit <n>', 'how many', (v) => Number(v), 20)
    .option('--json', 'print as JSON')
    .action((opts: { limit: number; json?: boolean }) =>
      withDb(open, async (db) => {
        const list = await db.admins.recentReports(opts.limit);
        print(opts.json, list, () => {
          if (list.length === 0) console.log('No reports.');
          for (const r of list)
            console.log(`${r.id}  ${r.createdAt.toISOString()}  ${r.reportCategory}  ${r.severityLevel}  ${r.status}`);
        });
      }),
    );
  reports
    .command('show <id>')
    .description('one report')
    .action((id: string) =>
      withDb(open, async (db) => {
        const r = await db.admins.report(id);
        if (!r) return fail(`No report with id ${id}.`, EXIT.notFound);
        console.log(JSON.stringify(r, null, 2));
      }),
    );
  reports
    .command('resolve <id>')
    .description('mark a report resolved')
    .action((id: string) =>
      withDb(open, async (_db, deps) => {
        const r = await setReportStatus(deps, null, id, 'resolved');
        if (!r.ok) return fail(r.error.message, codeFor(r.error.code));
        console.log(`Report ${id} resolved.`);
      }),
    );

  const usersCmd = program.command('users').description('accounts');
  for (const [name, status] of [
    ['suspend', 'suspended'],
    ['unsuspend', 'active'],
  ] as const) {
    usersCmd
      .command(`${name} <email>`)
      .description(name === 'suspend' ? 'hide from discovery and end every session' : 'make the account active again')
      .action((email: string) =>
        withDb(
          open,
          async (db, deps) => {
            const user = await findUserOrExit(db, email);
            if (!user) return;
            const r = await setUserStatus(deps, null, user.id, status);
            if (!r.ok) return fail(r.error.message, codeFor(r.error.code));
            console.log(`${email} is now ${status}.`);
          },
          openBus,
        ),
      );
  }

  program
    .command('retention')
    .description('retention (D25)')
    .command('run')
    .description('erase accounts whose deletion was requested and data past its retention period')
    .option('--dry-run', 'only count what would go')
    .option('--json', 'print as JSON')
    .action((opts: { dryRun?: boolean; json?: boolean }) =>
      withDb(open, async (db) => {
        const now = new Date();
        const store = photoStore();
        const selfies = store ? { verifications: db.verifications, photoStore: store, log: console.error } : null;
        const objects = store ? { profiles: db.profiles, verifications: db.verifications, photoStore: store } : null;
        const pendingDeletions = (await db.privacy.pending()).filter((r) => r.requestType === 'deletion').length;
        const processed = opts.dryRun
          ? { exports: 0, deletions: pendingDeletions }
          : await processDataRequests(
              {
                clock: { now: () => now },
                ids: uuidIds,
                privacy: db.privacy,
                beforeErase: objects ? (userId) => eraseStoredObjects(objects, userId) : undefined,
              },
              { erase: true },
            );
        const cutoffs = retentionCutoffs(now);
        const purged = await db.retention.purge(cutoffs, now, !!opts.dryRun);
        // Selfies 30 days after review (issue 16): the object, then its key; the decision stays.
        if (selfies)
          purged.verification_selfies = await purgeReviewedSelfies(selfies, cutoffs.selfiesAfterReview, !!opts.dryRun);
        const result = {
          dryRun: !!opts.dryRun,
          accountsErased: processed.deletions,
          exportsBuilt: processed.exports,
          purged,
        };
        print(opts.json, result, () => {
          console.log(
            `${opts.dryRun ? 'Would erase' : 'Erased'} ${processed.deletions} account(s); built ${processed.exports} export(s).`,
          );
          for (const [kind, n] of Object.entries(purged)) console.log(`  ${kind}: ${n}`);
        });
      }),
    );
}
