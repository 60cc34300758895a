/** The texts of account e-mails (D11). Links carry the raw token; only its digest is stored. */
import type { OutgoingMail } from './ports';

export function confirmationMail(to: string, appUrl: string, token: string): OutgoingMail {
  const link = `${appUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Confirm your Nestmate account',
    text: [
      'Welcome to Nestmate!',
      '',
      'Confirm your university e-mail address to finish creating your account:',
      link,
      '',
      'This link expires in 24 hours. If you did not sign up for Nestmate, you can ignore this e-mail.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, appUrl: string, token: string): OutgoingMail {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your Nestmate password',
    text: [
      'Someone asked to reset the password of your Nestmate account.',
      '',
      'Choose a new password here:',
      link,
      '',
      'This link expires in 1 hour and works once. If it was not you, ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/** To the NEW address (issue 16 §1): the change happens only when this link is opened. */
export function emailChangeMail(to: string, appUrl: string, token: string): OutgoingMail {
  const link = `${appUrl}/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Confirm your new Nestmate address',
    text: [
      'You asked to use this address for your Nestmate account.',
      '',
      'Confirm it here; your school is then taken from this address:',
      link,
      '',
      'This link expires in 24 hours. Until then you keep signing in with your current address. If you did not ask for this, ignore this e-mail.',
    ].join('\n'),
  };
}

/** To the OLD address: a change was asked for, so a stolen session cannot move the account quietly. */
export function emailChangeNoticeMail(to: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your Nestmate address is about to change',
    text: [
      `Someone signed in to your Nestmate account asked to change its address to ${newEmail}.`,
      '',
      'Nothing changes until the link sent to the new address is opened; until then you sign in with this address.',
      'If it was not you, change your password now: that also ends every session.',
    ].join('\n'),
  };
}

/** Pulls the first link out of a mail's text (used by the dev mailbox and tests). */
export function firstLink(text: string): string | null {
  return /https?:\/\/\S+/.exec(text)?.[0] ?? null;
}
