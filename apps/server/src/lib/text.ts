/** Optional free text from a body: absent stays absent (no change), and null, '' or spaces mean none. */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value?.trim() || null;
}
