/** Mail port adapters (D11): the outbox (default, offline) and SMTP through nodemailer. */
import nodemailer, { type Transporter } from 'nodemailer';
import { firstLink } from '../../core/accounts/mails';
import type { Mailer, OutgoingMail } from '../../core/accounts/ports';
import type { Clock } from '../../core/shared/clock';

export interface MailStore {
  add(mail: OutgoingMail, at: Date): Promise<unknown>;
}

/**
 * Stores every mail in the outbox table (`/dev/mailbox`, `nestmate mail list`). Outside production
 * it also prints the link, so development needs no mail server; in production a confirmation or
 * reset link in the log would let anyone who reads logs take over accounts, so only the subject is
 * logged (issue 14).
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly store: MailStore,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
    private readonly options: { logLinks: boolean },
  ) {}

  async send(mail: OutgoingMail) {
    await this.store.add(mail, this.clock.now());
    if (!this.options.logLinks) {
      this.log(`[mail] "${mail.subject}" kept in the outbox (no SMTP_URL): nestmate mail list`);
      return;
    }
    const link = firstLink(mail.text);
    this.log(`[mail] to=${mail.to} subject="${mail.subject}"${link ? ` link=${link}` : ''}`);
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: OutgoingMail) {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
  }
}
