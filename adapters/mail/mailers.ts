/** Mail port adapters (D11): the outbox (default, offline) and SMTP through nodemailer. */
import nodemailer, { type Transporter } from 'nodemailer';
import { firstLink } from '../../core/accounts/mails';
import type { Mailer, OutgoingMail } from '../../core/accounts/ports';
import type { Clock } from '../../core/shared/clock';

export interface MailStore {
  add(mail: OutgoingMail, at: Date): Promise<unknown>;
}

/** Stores every mail in the outbox table (shown at /dev/mailbox) and prints it to the log. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly store: MailStore,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  async send(mail: OutgoingMail) {
    await this.store.add(mail, this.clock.now());
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
    });
  }
}
