import { createHash, randomBytes } from 'node:crypto';

/**
 * An export API key is `fwk_<keyId>_<secret>`: 32 random bytes as 43 base64url characters.
 * The database keeps the SHA-256 (hex) of the whole text and its first characters (to tell
 * keys apart in a list), so a leaked table opens no export.
 */
const KEY = /^fwk_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/;
const MAX_ID = 2147483647;
const PREFIX_SECRET_CHARS = 4;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export interface IssuedApiKey {
  /** shown once, never stored */
  key: string;
  hash: string;
  prefix: string;
}

export function issueApiKey(id: number): IssuedApiKey {
  const key = `fwk_${id}_${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: prefixOf(key) };
}

/** 'fwk_12_AbCd…': the id and the secret's first characters. */
export function prefixOf(key: string): string {
  const match = KEY.exec(key);
  if (!match || Number(match[1]) > MAX_ID) return '';
  return `fwk_${match[1]}_${match[2]!.slice(0, PREFIX_SECRET_CHARS)}…`;
}

/** The key id a well-formed key names, with its hash; undefined for anything else. */
export function parseApiKey(text: string): { id: number; hash: string } | undefined {
  const match = KEY.exec(text);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (id > MAX_ID) return undefined;
  return { id, hash: hashApiKey(text) };
}
