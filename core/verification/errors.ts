/** Verification's expected failures (style habit 5), mapped to statuses in api/errors.ts. */
import { DomainError } from '../shared/errors';

export const VERIFICATION_MESSAGES = {
  noPhoto: 'Add a profile photo first: an admin compares your selfie with it.',
  pending: 'Your selfie is waiting for review. We will e-mail you the result.',
  alreadyVerified: 'Your photo is already verified.',
  triesUsed: 'You have used your 3 tries for today. Try again tomorrow.',
  noChallenge: 'Start again: this pose was already used, or was never drawn for you.',
  expired: 'This pose expired after 10 minutes. Start again to get a new one.',
  notImage: 'The selfie could not be read as an image. Please take it again.',
  tooLarge: 'The selfie is too large (at most 5 MB).',
  notFound: 'Verification not found.',
  reviewed: 'This selfie has already been reviewed.',
  reasonNeeded: 'Choose a reason for rejecting.',
} as const;

export const verificationErrors = {
  noPhoto: () => new DomainError('VERIFICATION.NO_PHOTO', VERIFICATION_MESSAGES.noPhoto),
  pending: () => new DomainError('VERIFICATION.PENDING', VERIFICATION_MESSAGES.pending),
  alreadyVerified: () => new DomainError('VERIFICATION.ALREADY_VERIFIED', VERIFICATION_MESSAGES.alreadyVerified),
  triesUsed: (retryAfterSeconds: number) =>
    Object.assign(
      new DomainError('VERIFICATION.TRIES_USED', VERIFICATION_MESSAGES.triesUsed, undefined, 'No Tries Left Today'),
      { retryAfterSeconds },
    ),
  noChallenge: () => new DomainError('VERIFICATION.NO_CHALLENGE', VERIFICATION_MESSAGES.noChallenge),
  expired: () => new DomainError('VERIFICATION.CHALLENGE_EXPIRED', VERIFICATION_MESSAGES.expired),
  notImage: () => new DomainError('VERIFICATION.NOT_IMAGE', VERIFICATION_MESSAGES.notImage),
  tooLarge: () => new DomainError('VERIFICATION.TOO_LARGE', VERIFICATION_MESSAGES.tooLarge),
  notFound: () => new DomainError('VERIFICATION.NOT_FOUND', VERIFICATION_MESSAGES.notFound),
  alreadyReviewed: () => new DomainError('VERIFICATION.ALREADY_REVIEWED', VERIFICATION_MESSAGES.reviewed),
  reasonNeeded: () =>
    new DomainError('VALIDATION', VERIFICATION_MESSAGES.reasonNeeded, [
      { path: 'reason', message: VERIFICATION_MESSAGES.reasonNeeded },
    ]),
};
