/**
 * Compares the column types db/schema.ts declares with the columns of the migrated database
 * (information_schema), so the Kysely types cannot drift from the migrations. Pure: the test
 * reads both sides (schema-drift.test.ts).
 */

/** What a TypeScript column type selects as: its kinds of value and whether it may be null. */
export type DeclaredColumn = { table: string; column: string; kinds: string[]; nullable: boolean };

/** A column as information_schema.columns has it. */
export type DatabaseColumn = {
  table: string;
  column: string;
  dataType: string;
  nullable: boolean;
};

/** The TypeScript kinds of value each PostgreSQL type may be read as (pg's defaults). */
const READ_AS: Record<string, string[]> = {
  smallint: ['number'],
  integer: ['number'],
  real: ['number'],
  'double precision': ['number'],
  bigint: ['number', 'string'],
  numeric: ['number', 'string'],
  text: ['string'],
  'character varying': ['string'],
  character: ['string'],
  uuid: ['string'],
  xid8: ['string'],
  inet: ['string'],
  'USER-DEFINED': ['string'],
  'timestamp with time zone': ['Date'],
  'timestamp without time zone': ['Date'],
  date: ['Date', 'string'],
  boolean: ['boolean'],
  bytea: ['object'],
  ARRAY: ['array'],
  json: ['object', 'array', 'string', 'number', 'boolean', 'unknown'],
  jsonb: ['object', 'array', 'string', 'number', 'boolean', 'unknown'],
};

const key = (c: { table: string; column: string }) => `${c.table}.${c.column}`;

/** Every difference, as a readable line; empty when db/schema.ts matches the database. */
export function schemaDrift(declared: DeclaredColumn[], actual: DatabaseColumn[]): string[] {
  const tables = new Set(declared.map((c) => c.table));
  const inDatabase = new Map(actual.filter((c) => tables.has(c.table)).map((c) => [key(c), c]));
  const problems: string[] = [];
  for (const table of tables)
    if (!actual.some((c) => c.table === table)) problems.push(`${table}: no such table`);
  for (const column of declared) {
    const real = inDatabase.get(key(column));
    inDatabase.delete(key(column));
    if (!real) {
      if (actual.some((c) => c.table === column.table))
        problems.push(`${key(column)}: declared, not in the database`);
      continue;
    }
    const allowed = READ_AS[real.dataType];
    const wrong = allowed && column.kinds.filter((kind) => !allowed.includes(kind));
    if (wrong?.length && !column.kinds.includes('unknown'))
      problems.push(`${key(column)}: ${real.dataType} is not read as ${wrong.join(' | ')}`);
    if (column.nullable !== real.nullable)
      problems.push(
        `${key(column)}: ${real.nullable ? 'nullable' : 'not null'} in the database, ${column.nullable ? 'nullable' : 'not null'} in db/schema.ts`,
      );
  }
  for (const missing of inDatabase.values())
    problems.push(`${key(missing)}: in the database, not declared`);
  return problems;
}
