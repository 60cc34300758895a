import { DomainError } from '../shared/errors';
import { ACCOUNT_MESSAGES } from './rules';

export const accountErrors = {
  alreadyRegistered: () => new DomainError('ACCOUNTS.ALREADY_REGISTERED', ACCOUNT_MESSAGES.alreadyRegistered),
  invalidCredentials: () => new DomainError('ACCOUNTS.INVALID_CREDENTIALS', ACCOUNT_MESSAGES.invalidCredentials),
  emailNotConfirmed: () => new DomainError('ACCOUNTS.EMAIL_NOT_CONFIRMED', ACCOUNT_MESSAGES.emailNotConfirmed),
  invalidToken: () => new DomainError('ACCOUNTS.INVALID_TOKEN', ACCOUNT_MESSAGES.invalidToken),
  suspended: () => new DomainError('ACCOUNTS.SUSPENDED', ACCOUNT_MESSAGES.suspended),
  agreementRequired: () => new DomainError('ACCOUNTS.AGREEMENT_REQUIRED', ACCOUNT_MESSAGES.agreementRequired),
};
