/** `nestmate notify run`: the digest e-mails once, for deployments that prefer cron (issue 19, N104). */
import type { Command } from 'commander';
import { HmacUnsubscribeLinks } from '../adapters/crypto/unsubscribe-links';
import { OutboxMailer, SmtpMailer } from '../adapters/mail/mailers';
import type { Env } from '../config/env';
import { runDigests } from '../core/notifications/digest';
import { withDb } from './operations';

type Open = Parameters<typeof withDb>[0];

export function registerNotifyCommands(program: Command, open: Open, env: () => Env) {
  program
    .command('notify')
    .description('notifications (issue 19)')
    .command('run')
    .description('send the due digest e-mails once (the server also runs this every 10 minutes)')
    .option('--json', 'print as JSON')
    .action((opts: { json?: boolean }) =>
      withDb(open, async (db) => {
        const e = env();
        const clock = { now: () => new Date() };
        const mailer = e.SMTP_URL
          ? new SmtpMailer(e.SMTP_URL, e.MAIL_FROM)
          : new OutboxMailer(db.outbox, clock, () => {}, { logLinks: false });
        const result = await runDigests({
          clock,
          digests: db.digests,
          mailer,
          links: new HmacUnsubscribeLinks(e.JWT_SECRET, e.APP_URL),
          appUrl: e.APP_URL,
          log: (line) => console.error(line),
        });
        console.log(opts.json ? JSON.stringify(result) : `Digests sent: ${result.sent}`);
      }),
    );
}
