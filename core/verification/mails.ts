/** The e-mails telling a student how their selfie was judged (issue 16 §2). */
import type { OutgoingMail } from '../accounts/ports';
import { REJECT_REASONS, type RejectReason, TRIES_PER_DAY } from './rules';

export function verificationApprovedMail(to: string, appUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Your Nestmate photo is verified',
    text: [
      'Good news: an admin compared your selfie with your profile photo, and they match.',
      '',
      'Your profile now shows the "Photo verified" badge. If you change your main photo, the badge',
      'pauses until you take a new selfie.',
      '',
      `See your profile: ${appUrl}/profile`,
    ].join('\n'),
  };
}

export function verificationRejectedMail(to: string, appUrl: string, reason: RejectReason): OutgoingMail {
  return {
    to,
    subject: 'Your Nestmate verification selfie was not approved',
    text: [
      `An admin could not verify your selfie. Reason: ${REJECT_REASONS[reason]}.`,
      '',
      `You can try again with a new pose (up to ${TRIES_PER_DAY} tries a day): make sure your face is`,
      'well lit and fully visible, and copy the pose shown on the screen.',
      '',
      `Try again: ${appUrl}/profile`,
    ].join('\n'),
  };
}
