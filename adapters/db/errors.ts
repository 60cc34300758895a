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
