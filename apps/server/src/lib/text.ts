import { badRequest } from './http-error.js';

/** Optional free text from a body: absent stays absent (no change), and null, '' or spaces mean none. */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value?.trim() || null;
}

/**
 * The path ('/name', '/records/3/events/0/eventType', or '' for the value itself)
 * of the first string, or object key, that holds a NUL character; PostgreSQL
 * refuses NUL in text and jsonb, so such input is a 400 before it gets there.
 */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}/${key.replaceAll('\u0000', '\\0')}`;
    const found = findNul(item, `${path}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Schema = { properties?: Record<string, Schema>; items?: Schema };

/**
 * findNul guided by a JSON schema: a part the schema leaves open ({}, e.g. the items of a
 * device batch, which are checked one by one so one bad item does not cost the others) is
 * not searched; everything else is.
 */
export function findNulOutsideOpen(schema: Schema, value: unknown, path = ''): string | undefined {
  if (Object.keys(schema).length === 0) return undefined;
  if (Array.isArray(value) && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulOutsideOpen(schema.items, value[i], `${path}/${i}`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && schema.properties) {
    for (const [key, item] of Object.entries(value)) {
      const property = schema.properties[key];
      const found = property
        ? findNulOutsideOpen(property, item, `${path}/${key}`)
        : findNul({ [key]: item }, path);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return findNul(value, path);
}

/** The validation issue for a NUL found by findNul. */
export const nulIssue = (instancePath: string) => ({
  keyword: 'nul',
  instancePath,
  schemaPath: '#',
  params: {},
  message: 'must not contain a NUL character',
});

/** '1 device link', '3 device links'. */
export const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * Characters nobody sees: format characters (Cf: zero-width space and joiners, bidi marks,
 * the BOM), other default-ignorable ones (variation selectors, Hangul fillers, the soft
 * hyphen) and controls. Whitespace among them is whitespace, not removed.
 */
export const INVISIBLE_CHARACTER = /(?!\s)[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
const INVISIBLE = new RegExp(INVISIBLE_CHARACTER.source, 'gu');

/**
 * A user or organisation name as it is stored and shown: NFKC (fullwidth, ligatures and
 * compatibility forms become their plain letters), invisible characters removed, every run of
 * whitespace one space, trimmed. Two names that look alike become the same string, so the
 * unique index on it (db function name_key, the same steps and lower case) refuses the second.
 */
export function normaliseName(value: string): string {
  return value
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .normalize('NFKC') // what removing joined may compose anew ('e', ZWJ, U+0301 → 'é')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * A name from a request, normalised; 400 naming the field when nothing visible is left
 * (a name of zero-width spaces only).
 */
export function visibleName(value: string, field: string): string {
  const name = normaliseName(value);
  if (!name) throw badRequest(`${field} must have a visible character`);
  return name;
}

/** The form a name is unique in: normalised, regardless of case (sign-in matches it so). */
export const nameKey = (value: string) => normaliseName(value).toLowerCase();
