/**
 * A DomainError is an expected failure with a stable code and the product's user-facing
 * message from the spec. api/errors.ts maps each code to an HTTP status in one table.
 */
export type FieldError = { path: string; message: string };

export class DomainError {
  readonly code: string;
  readonly message: string;
  readonly fields?: FieldError[];
  /** The product's short headline where the spec gives one ("Daily Like Limit Reached"). */
  readonly title?: string;
  constructor(code: string, message: string, fields?: FieldError[], title?: string) {
    this.code = code;
    this.message = message;
    this.fields = fields;
    this.title = title;
  }
}

export const GENERIC_MESSAGES = {
  required: 'This field is required',
  invalidInput: 'Invalid input detected',
  unauthenticated: 'User not authenticated',
  unexpected: 'An unexpected error occurred. Please try again.',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

export const validationError = (fields: FieldError[]): DomainError =>
  new DomainError('VALIDATION', fields[0]?.message ?? GENERIC_MESSAGES.invalidInput, fields);

export const unauthenticated = (): DomainError =>
  new DomainError('AUTH.UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated);

export const rateLimited = (retryAfterSeconds: number): DomainError & { retryAfterSeconds: number } =>
  Object.assign(new DomainError('RATE_LIMITED', GENERIC_MESSAGES.rateLimited), { retryAfterSeconds });
