/**
 * Input the database engine refuses though validation let it through: PostgreSQL's data exceptions
 * (SQLSTATE class 22), e.g. a NUL character in text or a number past a column's range, which SQLite
 * would have stored. The API answers them as invalid input, never as a fault (issue 10).
 */
export function isRejectedInput(e: unknown): boolean {
  for (let cur = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    if ('code' in cur && typeof cur.code === 'string' && /^22[0-9A-Z]{3}$/.test(cur.code)) return true;
    cur = 'cause' in cur ? cur.cause : undefined;
  }
  return false;
}

/** Node's network errors when the database server cannot be reached or drops the socket. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL's SQLSTATEs for "the server is not there right now": class 08 (connection exception),
 * 57P01..57P03 (shutdown, crash, cannot connect now) and 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg says when a socket ends under it or the pool cannot hand out a connection in time. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * A fault of the database's availability rather than of the request: the API answers 503 with
 * Retry-After instead of 500 (issue 14). Drizzle wraps driver errors (`cause`); Node wraps the
 * attempts on several addresses of one host in an AggregateError (`errors`).
 */
export function isDatabaseUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (e instanceof Error && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return 'cause' in e && isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * The driver's own words for a log line: the innermost cause. Drizzle's wrapper message carries
 * the query's parameters, which can be personal data.
 */
export function driverMessage(e: unknown): string {
  let cur = e;
  for (let depth = 0; depth < 5; depth++) {
    if (cur instanceof AggregateError && cur.errors.length > 0) cur = cur.errors[0];
    else if (cur && typeof cur === 'object' && 'cause' in cur && cur.cause) cur = cur.cause;
    else break;
  }
  return cur instanceof Error ? cur.message || cur.name : String(cur);
}
