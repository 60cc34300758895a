/** Expected failures of roommate agreements (issue 21), with their user-facing messages. */
import { DomainError } from '../shared/errors';

export const AGREEMENT_MESSAGES = {
  notFound: 'Agreement not found.',
  noAgreement: 'There is no agreement in this conversation yet.',
  stale: 'Someone changed the agreement while you were looking at it. Review the newest version and try again.',
  partiesChanged:
    'The people in this conversation changed since this version was proposed. Propose a new version so everyone can accept it.',
  notParty: 'Only the people this version was written for can accept it.',
  notAccepted: 'Shared costs open once everyone has accepted the agreement.',
  notInAgreement: 'Only the people in the accepted agreement can share costs.',
  alone: 'An agreement needs at least two people in the conversation.',
  unchanged: 'This version is the same as the current one. Change something before proposing it.',
  checkInNotDue: 'There is no check-in to answer right now.',
  checkInAnswered: 'You have already answered this check-in. Thank you!',
} as const;

export const agreementErrors = {
  notFound: () => new DomainError('ROOMMATE_AGREEMENTS.NOT_FOUND', AGREEMENT_MESSAGES.notFound),
  noAgreement: () => new DomainError('ROOMMATE_AGREEMENTS.NO_AGREEMENT', AGREEMENT_MESSAGES.noAgreement),
  stale: () => new DomainError('ROOMMATE_AGREEMENTS.STALE_VERSION', AGREEMENT_MESSAGES.stale),
  partiesChanged: () => new DomainError('ROOMMATE_AGREEMENTS.PARTIES_CHANGED', AGREEMENT_MESSAGES.partiesChanged),
  notParty: () => new DomainError('ROOMMATE_AGREEMENTS.NOT_PARTY', AGREEMENT_MESSAGES.notParty),
  notAccepted: () => new DomainError('ROOMMATE_AGREEMENTS.NOT_ACCEPTED', AGREEMENT_MESSAGES.notAccepted),
  notInAgreement: () => new DomainError('ROOMMATE_AGREEMENTS.NOT_IN_AGREEMENT', AGREEMENT_MESSAGES.notInAgreement),
  alone: () => new DomainError('ROOMMATE_AGREEMENTS.ALONE', AGREEMENT_MESSAGES.alone),
  unchanged: () => new DomainError('ROOMMATE_AGREEMENTS.UNCHANGED', AGREEMENT_MESSAGES.unchanged),
  checkInNotDue: () => new DomainError('ROOMMATE_AGREEMENTS.CHECK_IN_NOT_DUE', AGREEMENT_MESSAGES.checkInNotDue),
  checkInAnswered: () => new DomainError('ROOMMATE_AGREEMENTS.CHECK_IN_ANSWERED', AGREEMENT_MESSAGES.checkInAnswered),
};
