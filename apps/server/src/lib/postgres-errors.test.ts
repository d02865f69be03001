import { describe, expect, it } from 'vitest';
import {
  clientErrorOf,
  databaseUnavailable,
  isDatabaseUnavailable,
  retryOnConflict,
} from './postgres-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('clientErrorOf', () => {
  it.each([
    ['23503', 'insert or update on table "group_assets" violates foreign key constraint', 404],
    ['23503', 'update or delete on table "assets" violates foreign key constraint', 409],
    ['23505', 'duplicate key value violates unique constraint', 409],
    ['23P01', 'conflicting key value violates exclusion constraint', 409],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00', 400],
    ['22008', 'date/time field value out of range', 400],
    ['22003', 'integer out of range', 400],
  ])('%s %s → %i', (code, message, status) => {
    expect(clientErrorOf(pgError(code, message))?.statusCode).toBe(status);
  });

  it.each([
    [pgError('40P01')],
    [pgError('57014')],
    [pgError('ECONNREFUSED')],
    [new Error('plain')],
    ['text'],
  ])('%# leaves a server failure a server failure', (error) => {
    expect(clientErrorOf(error)).toBeUndefined();
  });
});

describe('retryOnConflict', () => {
  it.each(['40P01', '40001'])('runs again after %s and answers the result', async (code) => {
    let calls = 0;
    const result = await retryOnConflict(async () => {
      if (++calls < 3) throw pgError(code);
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 3]);
  });

  it('does not run again after another error, and gives up after the attempts', async () => {
    let calls = 0;
    const unique = retryOnConflict(async () => {
      calls++;
      throw pgError('23505');
    });
    await expect(unique).rejects.toMatchObject({ code: '23505' });
    expect(calls).toBe(1);
    calls = 0;
    const deadlocked = retryOnConflict(async () => {
      calls++;
      throw pgError('40P01');
    }, 3);
    await expect(deadlocked).rejects.toMatchObject({ code: '40P01' });
    expect(calls).toBe(3);
  });
});

describe('isDatabaseUnavailable: the database went away, as opposed to refusing the request', () => {
  const aggregate = new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], '');
  it.each([
    ['fast shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    [
      'postmaster killed',
      pgError('57P01', 'terminating connection due to unexpected postmaster exit'),
    ],
    ['crash shutdown', pgError('57P02')],
    ['starting or recovering', pgError('57P03', 'the database system is starting up')],
    ['too many connections', pgError('53300')],
    ['connection exception', pgError('08006')],
    ['refused', pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['reset', pgError('ECONNRESET')],
    [
      'a Unix socket with no server',
      Object.assign(pgError('ENOENT', 'connect ENOENT /srv/fleet/data/postgres/.s.PGSQL.5432'), {
        syscall: 'connect',
      }),
    ],
    ['every address refused', aggregate],
    ['connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client already broken',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['cut by the watch', new Error('The database does not answer within 3000 ms')],
  ])('%s: yes', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505')],
    [
      'statement timeout of a slow query',
      pgError('57014', 'canceling statement due to statement timeout'),
    ],
    ['deadlock', pgError('40P01')],
    ['syntax', pgError('42601')],
    ['a plain error', new Error('plain')],
    ['a file that is not there', Object.assign(pgError('ENOENT'), { syscall: 'open' })],
    [
      'a fetch of a remote system',
      new TypeError('fetch failed', { cause: pgError('ECONNREFUSED') }),
    ],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: no', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After', () => {
    const error = databaseUnavailable();
    expect(error.statusCode).toBe(503);
    expect(error.code).toBe('DATABASE_UNAVAILABLE');
    expect(Number(error.headers['retry-after'])).toBeGreaterThan(0);
  });
});
