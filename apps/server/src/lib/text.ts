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
