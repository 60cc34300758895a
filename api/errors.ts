/**
 * The one table from error codes to HTTP statuses (style habit 6), and the RFC 9457 problem
 * details every error response uses. A 500 never shows internals.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { driverMessage, isDatabaseUnavailable, isRejectedInput } from '../adapters/db/errors';
import { DomainError, GENERIC_MESSAGES } from '../core/shared/errors';
import type { Result } from '../core/shared/result';

const STATUS_BY_CODE: Record<string, ContentfulStatusCode> = {
  VALIDATION: 400,
  'ACCOUNTS.INVALID_TOKEN': 400,
  'ACCOUNTS.AGREEMENT_REQUIRED': 400,
  'AUTH.UNAUTHENTICATED': 401,
  'ACCOUNTS.INVALID_CREDENTIALS': 401,
  'ACCOUNTS.EMAIL_NOT_CONFIRMED': 403,
  'ACCOUNTS.SUSPENDED': 403,
  'AUTH.FORBIDDEN': 403,
  'AUTH.BAD_ORIGIN': 403,
  'HTTP.NOT_FOUND': 404,
  'PROFILES.PHOTO_TOO_LARGE': 400,
  'PROFILES.PHOTO_NOT_IMAGE': 400,
  'PROFILES.TOO_MANY_PHOTOS': 400,
  'PROFILES.NEED_PHOTOS': 400,
  'PROFILES.PHOTO_ORDER': 400,
  'PROFILES.PHOTO_NOT_FOUND': 404,
  'PROFILES.NOT_FOUND': 404,
  'MESSAGES.INVALID': 400,
  'MESSAGES.TOO_LONG': 400,
  'MESSAGES.CLOSED': 403,
  'MESSAGES.NOT_MATCHED': 403,
  'MESSAGES.CONVERSATION_NOT_FOUND': 404,
  'MESSAGES.RATE_LIMITED': 429,
  'MESSAGES.CONFIRM_NEEDED': 409,
  'MESSAGES.ALREADY_VERIFIED': 409,
  'PAYMENTS.BAD_SIGNATURE': 400,
  'PAYMENTS.CHECKOUT_NOT_FOUND': 404,
  'PAYMENTS.CHECKOUT_CLOSED': 409,
  'PAYMENTS.NO_SUBSCRIPTION': 409,
  'PAYMENTS.ALREADY_GOLD': 409,
  'NOTIFICATIONS.PUSH_DISABLED': 409,
  'PAYMENTS.UNAVAILABLE': 503,
  'SAFETY.BLOCK_SELF': 400,
  'SAFETY.USER_NOT_FOUND': 404,
  'SAFETY.BLOCK_NOT_FOUND': 404,
  'SAFETY.CONTACT_NOT_FOUND': 404,
  'SAFETY.ALREADY_REPORTED': 409,
  'FEEDBACK.NOT_FOUND': 404,
  'GROUPS.NOT_FOUND': 404,
  'ROOMMATE_AGREEMENTS.NOT_FOUND': 404,
  'ROOMMATE_AGREEMENTS.NO_AGREEMENT': 404,
  'ROOMMATE_AGREEMENTS.STALE_VERSION': 409,
  'ROOMMATE_AGREEMENTS.PARTIES_CHANGED': 409,
  'ROOMMATE_AGREEMENTS.UNCHANGED': 409,
  'ROOMMATE_AGREEMENTS.ALONE': 409,
  'ROOMMATE_AGREEMENTS.NOT_ACCEPTED': 409,
  'ROOMMATE_AGREEMENTS.CHECK_IN_NOT_DUE': 409,
  'ROOMMATE_AGREEMENTS.CHECK_IN_ANSWERED': 409,
  'ROOMMATE_AGREEMENTS.NOT_PARTY': 403,
  'ROOMMATE_AGREEMENTS.NOT_IN_AGREEMENT': 403,
  'GROUPS.INVALID_CODE': 404,
  'GROUPS.MEMBER_NOT_FOUND': 404,
  'GROUPS.ADMIN_ONLY': 403,
  'GROUPS.REMOVE_SELF': 409,
  'GROUPS.CODE_EXPIRED': 409,
  'GROUPS.FULL': 409,
  'GROUPS.ALREADY_MEMBER': 409,
  'GROUPS.NO_ACTIVE_GROUP': 409,
  'FEEDBACK.ALREADY_VOTED': 409,
  'PRIVACY.NOT_FOUND': 404,
  'PRIVACY.NOT_READY': 409,
  'MODERATION.FLAG_NOT_FOUND': 404,
  'MODERATION.REPORT_NOT_FOUND': 404,
  'MODERATION.USER_NOT_FOUND': 404,
  'MODERATION.ALREADY_REVIEWED': 409,
  'VERIFICATION.NO_PHOTO': 400,
  'VERIFICATION.NOT_IMAGE': 400,
  'VERIFICATION.TOO_LARGE': 400,
  'VERIFICATION.NOT_FOUND': 404,
  'VERIFICATION.PENDING': 409,
  'VERIFICATION.ALREADY_VERIFIED': 409,
  'VERIFICATION.NO_CHALLENGE': 409,
  'VERIFICATION.CHALLENGE_EXPIRED': 409,
  'VERIFICATION.ALREADY_REVIEWED': 409,
  'VERIFICATION.TRIES_USED': 429,
  'LIKES.SELF': 400,
  'LIKES.NO_LIKE_TO_RETURN': 400,
  'PREMIUM.REQUIRED': 403,
  'LIKES.UNAVAILABLE': 404,
  'LIKES.ALREADY_SWIPED': 409,
  'BOOST.ACTIVE': 409,
  'BOOST.NONE_LEFT': 409,
  'LIKES.DAILY_LIMIT': 429,
  'LIKES.NO_SUPER_LIKES': 429,
  'ACCOUNTS.ALREADY_REGISTERED': 409,
  'HTTP.PAYLOAD_TOO_LARGE': 413,
  'HTTP.UNSUPPORTED_MEDIA_TYPE': 415,
  'HTTP.UNAVAILABLE': 503,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: { path: string; message: string }[];
};

export const statusForCode = (code: string): ContentfulStatusCode => STATUS_BY_CODE[code] ?? 400;

export function toProblem(error: DomainError): Problem {
  const status = statusForCode(error.code);
  return {
    type: `https://nestmate.app/problems/${error.code.toLowerCase().replace(/[._]/g, '-')}`,
    title: error.title ?? TITLES[status] ?? 'Error',
    status,
    detail: error.message,
    code: error.code,
    ...(error.fields ? { errors: error.fields } : {}),
  };
}

export function problemResponse(c: Context, error: DomainError, headers: Record<string, string> = {}): Response {
  const problem = toProblem(error);
  return c.body(JSON.stringify(problem), problem.status as ContentfulStatusCode, {
    'Content-Type': 'application/problem+json',
    ...headers,
  });
}

/** Unwraps a use case's result in a handler; an error value becomes its problem response. */
export function unwrap<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw new DomainFailure(result.error);
  return result.value;
}

/** A handler throws this to turn an expected failure into its problem response. */
export class DomainFailure extends Error {
  constructor(readonly error: DomainError) {
    super(error.code);
  }
}

const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Try again shortly.';
/** A pool replaces a lost connection within seconds; a restart or failover takes a little longer. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** The single onError handler: expected failures keep their code, faults become a bare 500. */
export function handleError(err: Error, c: Context, log: (e: unknown) => void): Response {
  if (err instanceof DomainFailure) {
    const retry = (err.error as { retryAfterSeconds?: number }).retryAfterSeconds;
    return problemResponse(c, err.error, retry ? { 'Retry-After': String(retry) } : {});
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const code =
      status === 413
        ? 'HTTP.PAYLOAD_TOO_LARGE'
        : status === 401
          ? 'AUTH.UNAUTHENTICATED'
          : status === 404
            ? 'HTTP.NOT_FOUND'
            : 'VALIDATION';
    const message =
      status === 413
        ? 'Request body is too large.'
        : status === 401
          ? GENERIC_MESSAGES.unauthenticated
          : status === 400
            ? `${GENERIC_MESSAGES.invalidInput}: ${err.message}`
            : err.message;
    return problemResponse(c, Object.assign(new DomainError(code, message), {}), {});
  }
  // The database is down or restarting: the client may retry, nothing is wrong with its request (issue 14).
  if (isDatabaseUnavailable(err)) {
    log(`database unavailable: ${driverMessage(err)}`);
    return problemResponse(c, new DomainError('HTTP.UNAVAILABLE', UNAVAILABLE_MESSAGE), {
      'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  // PostgreSQL refuses some values SQLite stores (a NUL character, a number past a column's range).
  if (isRejectedInput(err)) return problemResponse(c, new DomainError('VALIDATION', GENERIC_MESSAGES.invalidInput));
  log(err);
  return problemResponse(c, new DomainError('INTERNAL', GENERIC_MESSAGES.unexpected));
}
