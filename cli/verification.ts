/**
 * `nestmate verification queue|approve|reject`: the selfie review queue for admins (issue 16 §2);
 * `backfill-schools` derives the school of accounts confirmed before N59.
 */
import type { Command } from 'commander';
import { uuidIds } from '../adapters/crypto/crypto';
import { fixtureSchools } from '../adapters/directory';
import { OutboxMailer, SmtpMailer } from '../adapters/mail/mailers';
import type { Env } from '../config/env';
import { backfillSchools } from '../core/accounts/backfill-schools';
import { poseLabel } from '../core/verification/poses';
import { REJECT_REASON_IDS, REJECT_REASONS } from '../core/verification/rules';
import { reviewVerification } from '../core/verification/verification';
import { EXIT, withDb } from './operations';

type Open = Parameters<typeof withDb>[0];

export function registerVerificationCommands(program: Command, open: Open, env: () => Env) {
  const cmd = program.command('verification').description('the photo verification queue (issue 16)');

  cmd
    .command('queue')
    .description('selfies waiting for review, oldest first')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }) =>
      withDb(open, async (db) => {
        const items = (await db.verifications.queue(500)).map((v) => ({
          id: v.id,
          email: v.email,
          name: v.name,
          pose: v.pose,
          poseLabel: poseLabel(v.pose),
          submittedAt: v.submittedAt?.toISOString() ?? null,
          mainPhotoChanged: v.mainPhotoId !== (v.photos[0]?.id ?? null),
        }));
        if (opts.json) return console.log(JSON.stringify(items, null, 2));
        if (items.length === 0) return console.log('No selfies waiting for review.');
        for (const v of items)
          console.log(
            `${v.id}  ${v.email}  "${v.poseLabel}"  ${v.submittedAt}${v.mainPhotoChanged ? '  (main photo changed since)' : ''}`,
          );
      }),
    );

  const decide = (id: string, decision: { decision: 'approve' } | { decision: 'reject'; reason: string }) =>
    withDb(open, async (db, admin) => {
      const e = env();
      const now = () => new Date();
      const mailer = e.SMTP_URL
        ? new SmtpMailer(e.SMTP_URL, e.MAIL_FROM)
        : new OutboxMailer(db.outbox, { now }, () => {}, { logLinks: false });
      const r = await reviewVerification(
        {
          clock: { now },
          ids: uuidIds,
          verifications: db.verifications,
          mailer,
          admin: admin.admin,
          appUrl: e.APP_URL,
        },
        null,
        id,
        decision,
      );
      if (!r.ok) {
        console.error(r.error.message);
        process.exitCode = r.error.code.endsWith('NOT_FOUND')
          ? EXIT.notFound
          : r.error.code === 'VALIDATION'
            ? EXIT.usage
            : EXIT.conflict;
        return;
      }
      console.log(`${id} is ${r.value.status}; the student has been e-mailed.`);
    });

  cmd
    .command('backfill-schools')
    .description('derive the school of accounts confirmed before schools came from the address (N59)')
    .option('--dry-run', 'only list what would change')
    .option('--json', 'print as JSON')
    .action((opts: { dryRun?: boolean; json?: boolean }) =>
      withDb(open, async (db) => {
        const report = await backfillSchools(
          { users: db.users, schools: fixtureSchools(), clock: { now: () => new Date() } },
          { dryRun: !!opts.dryRun },
        );
        if (opts.json) return console.log(JSON.stringify({ dryRun: !!opts.dryRun, ...report }, null, 2));
        for (const d of report.derived) console.log(`${d.email}  ${d.school}`);
        console.log(
          `${opts.dryRun ? 'Would derive' : 'Derived'} the school of ${report.derived.length} of ${report.checked} confirmed account(s) without one.`,
        );
      }),
    );

  cmd
    .command('approve <id>')
    .description('approve a selfie: the badge vouches for the main photo it was compared with')
    .action((id: string) => decide(id, { decision: 'approve' }));

  cmd
    .command('reject <id>')
    .description('reject a selfie with a reason; the student may try again')
    .requiredOption('--reason <reason>', `one of: ${REJECT_REASON_IDS.join(', ')}`)
    .action((id: string, opts: { reason: string }) => {
      if (!(opts.reason in REJECT_REASONS)) {
        console.error(`Unknown reason: ${opts.reason}. Use one of: ${REJECT_REASON_IDS.join(', ')}.`);
        process.exitCode = EXIT.usage;
        return;
      }
      return decide(id, { decision: 'reject', reason: opts.reason });
    });
}
