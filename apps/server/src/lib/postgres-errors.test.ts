import { describe, expect, it } from 'vitest';
import { clientErrorOf, retryOnConflict } from './postgres-errors.js';

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
