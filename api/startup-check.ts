/**
 * What a production deployment runs without (issue 14): printed loudly at start so an operator
 * sees at once that payments are off or mail stays in the outbox, instead of finding out from a
 * student. Outside production the offline twins are the point, so nothing is reported.
 */
import type { Env } from '../config/env';

export type StartupCheckEnv = Pick<
  Env,
  'NODE_ENV' | 'APP_URL' | 'STRIPE_SECRET_KEY' | 'SMTP_URL' | 'S3_BUCKET' | 'MEDIA_DIR' | 'TRUST_PROXY' | 'DATABASE_URL'
>;

export function startupCheck(env: StartupCheckEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const lines: string[] = [];
  if (!env.STRIPE_SECRET_KEY) {
    lines.push(
      'payments OFF: STRIPE_SECRET_KEY is not set, so checkout, purchases and the portal answer 503 "Payments are not available right now." (D24 addendum)',
    );
  }
  if (!env.SMTP_URL) {
    lines.push(
      'mail OUTBOX ONLY: SMTP_URL is not set, so no confirmation or reset mail is sent; read it with `nestmate mail list`',
    );
  }
  if (!env.S3_BUCKET) {
    lines.push(
      `photos on LOCAL DISK (${env.MEDIA_DIR}): S3 is not set; every process must share this directory and it must be backed up`,
    );
  }
  lines.push(
    env.TRUST_PROXY
      ? 'TRUST_PROXY=true: client IPs come from X-Forwarded-For; only your proxy may reach this port, or IP limits can be dodged'
      : 'TRUST_PROXY=false: X-Forwarded-For is ignored; behind a proxy every client shares its address for IP limits',
  );
  if (!env.APP_URL.startsWith('https://')) {
    const unset = /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(`${env.APP_URL}/`) ? ' (is APP_URL set?)' : '';
    lines.push(
      `APP_URL is not https: ${env.APP_URL}${unset}; session cookies are Secure, so browsers send them only over https, and e-mail links use this address`,
    );
  }
  if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) {
    lines.push('database is SQLite: one process only (D4); use a postgres:// DATABASE_URL to run several');
  }
  return lines;
}
