/** Which driver errors mean "the database is not there right now" (503) rather than a fault (500). */
import pg from 'pg';
import { driverMessage, isDatabaseUnavailable, isRejectedInput } from './errors';

const pgError = (message: string, code: string) => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
const networkError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', networkError('ECONNREFUSED')],
    ['reset', networkError('ECONNRESET')],
    ['admin shutdown (pg_terminate_backend)', pgError('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', pgError('terminating connection because of crash of another server process', '57P02')],
    ['starting up', pgError('the database system is starting up', '57P03')],
    ['connection failure', pgError('connection failure', '08006')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['socket ended', new Error('Connection terminated unexpectedly')],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by drizzle', new Error('Failed query: select 1', { cause: networkError('ECONNREFUSED') })],
    ['several addresses refused', new AggregateError([networkError('ECONNREFUSED'), networkError('ECONNREFUSED')])],
  ])('%s → unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['a data exception', pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021')],
    ['a syntax error', pgError('syntax error at or near "selec"', '42601')],
    ['a statement timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['a programming error', new TypeError('x is not a function')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s → a fault, not unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('keeps data exceptions as rejected input, apart from unavailability', () => {
    expect(isRejectedInput(pgError('value out of range', '22003'))).toBe(true);
    expect(isRejectedInput(networkError('ECONNREFUSED'))).toBe(false);
  });
});

describe('driverMessage', () => {
  it("gives the innermost reason, not Drizzle's wrapper with the query's parameters", () => {
    const wrapped = new Error('Failed query: select * from users where email = $1\nparams: someone@ucla.edu', {
      cause: new AggregateError([networkError('ECONNREFUSED')]),
    });
    expect(driverMessage(wrapped)).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(driverMessage(new Error('Connection terminated unexpectedly'))).toBe('Connection terminated unexpectedly');
  });
});
