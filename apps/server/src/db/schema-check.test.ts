import { describe, expect, it } from 'vitest';
import { schemaDrift, type DatabaseColumn, type DeclaredColumn } from './schema-check.js';

const declared = (column: string, kinds: string[], nullable = false): DeclaredColumn => ({
  table: 't',
  column,
  kinds,
  nullable,
});
const real = (column: string, dataType: string, nullable = false): DatabaseColumn => ({
  table: 't',
  column,
  dataType,
  nullable,
});

describe('schemaDrift', () => {
  it.each<[string, DeclaredColumn[], DatabaseColumn[], string[]]>([
    ['matching columns', [declared('id', ['number'])], [real('id', 'integer')], []],
    ['bigint read as string', [declared('id', ['string'])], [real('id', 'bigint')], []],
    [
      'a wrong type',
      [declared('name', ['number'])],
      [real('name', 'text')],
      ['t.name: text is not read as number'],
    ],
    [
      'nullability',
      [declared('at', ['Date'], false)],
      [real('at', 'timestamp with time zone', true)],
      ['t.at: nullable in the database, not null in db/schema.ts'],
    ],
    [
      'a column only declared',
      [declared('id', ['number']), declared('gone', ['string'])],
      [real('id', 'integer')],
      ['t.gone: declared, not in the database'],
    ],
    [
      'a column only in the database',
      [declared('id', ['number'])],
      [real('id', 'integer'), real('added', 'text')],
      ['t.added: in the database, not declared'],
    ],
    ['a table missing', [declared('id', ['number'])], [], ['t: no such table']],
    ['json holds anything', [declared('data', ['object'])], [real('data', 'jsonb')], []],
  ])('%s', (_, declaredColumns, databaseColumns, problems) => {
    expect(schemaDrift(declaredColumns, databaseColumns)).toEqual(problems);
  });
});
