import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { schemaDrift, type DatabaseColumn, type DeclaredColumn } from './schema-check.js';

const SCHEMA = fileURLToPath(new URL('./schema.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** The kinds of value a TypeScript type holds: number, string, Date, boolean, null, array, object. */
function kindsOf(checker: ts.TypeChecker, type: ts.Type): string[] {
  if (type.isUnion()) return type.types.flatMap((part) => kindsOf(checker, part));
  const flags = type.getFlags();
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return ['unknown'];
  if (flags & ts.TypeFlags.Null) return ['null'];
  if (flags & ts.TypeFlags.Undefined) return [];
  if (flags & ts.TypeFlags.NumberLike) return ['number'];
  if (flags & ts.TypeFlags.StringLike) return ['string'];
  if (flags & ts.TypeFlags.BooleanLike) return ['boolean'];
  if (checker.isArrayType(type)) return ['array'];
  if (type.getSymbol()?.getName() === 'Date') return ['Date'];
  return ['object'];
}

/** The columns db/schema.ts declares: each table of `Database`, each column's select type. */
function declaredColumns(): DeclaredColumn[] {
  const { options } = ts.getParsedCommandLineOfConfigFile(
    TSCONFIG,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  )!;
  const program = ts.createProgram([SCHEMA], options);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(SCHEMA)!;
  const database = checker
    .getExportsOfModule(checker.getSymbolAtLocation(file)!)
    .find((symbol) => symbol.getName() === 'Database')!;
  const tables = checker.getDeclaredTypeOfSymbol(database).getProperties();
  return tables.flatMap((table) =>
    checker
      .getTypeOfSymbol(table)
      .getProperties()
      .map((column) => {
        const type = checker.getTypeOfSymbol(column);
        // Kysely's ColumnType<Select, Insert, Update> (and Generated<T>): the select type counts.
        const select = type.getProperty('__select__');
        const kinds = kindsOf(checker, select ? checker.getTypeOfSymbol(select) : type);
        return {
          table: table.getName(),
          column: column.getName(),
          kinds: [...new Set(kinds.filter((kind) => kind !== 'null'))],
          nullable: kinds.includes('null'),
        };
      }),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("db/schema.ts declares the migrated database's tables, columns, types and nullability", async () => {
  const { rows } = await sql<DatabaseColumn>`
    SELECT table_name AS "table", column_name AS "column", data_type AS "dataType",
           -- A generated column is nullable to information_schema whatever its expression;
           -- db/schema.ts says what it holds (the links' period is never null).
           is_nullable = 'YES' AND is_generated = 'NEVER' AS nullable
      FROM information_schema.columns
     WHERE table_schema = 'public'
       -- the partitions of raw_records and datapoints are the parent's columns
       AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)
  `.execute(t.db);
  const declared = declaredColumns();
  expect(declared.length).toBeGreaterThan(100);
  expect(schemaDrift(declared, rows)).toEqual([]);
});
