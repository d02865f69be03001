import { Format } from 'typebox/format';

/** '+16:00', '-18:30': RFC 3339 allows offsets up to ±23:59, PostgreSQL only to ±15:59. */
const OFFSET = /([+-])(\d\d):(\d\d)$/;

/**
 * A date-time the server can use: RFC 3339 that Date reads (TypeBox's format also passes leap
 * seconds and RFC 9557 suffixes such as '…Z[Europe/Amsterdam]', which Date cannot read), with
 * an offset PostgreSQL accepts and a year from 1. Anything else is a 400, not a 500.
 */
export function isUsableDateTime(value: string): boolean {
  if (!Format.IsDateTime(value) || value.includes('[')) return false;
  if (Number.isNaN(Date.parse(value)) || value.startsWith('0000')) return false;
  const offset = OFFSET.exec(value);
  return !offset || Number(offset[2]) <= 15;
}

Format.Set('date-time', isUsableDateTime);
