import { createHash, randomBytes } from 'node:crypto';

/**
 * A device signs in with `dev_<deviceId>_<secret>`: 32 random bytes as 43
 * base64url characters. The database keeps only the SHA-256 (hex) of the
 * whole text, so a leaked table signs no device in.
 */
const CREDENTIAL = /^dev_([1-9][0-9]{0,9})_([A-Za-z0-9_-]{43})$/;
const MAX_ID = 2147483647;

export interface IssuedCredential {
  /** Given to the device once; never stored. */
  credential: string;
  hash: string;
}

export interface ParsedCredential {
  deviceId: number;
  /** What credential_hash must hold for this credential to be valid. */
  hash: string;
}

export const hashCredential = (credential: string): string =>
  createHash('sha256').update(credential).digest('hex');

export function issueCredential(deviceId: number): IssuedCredential {
  const credential = `dev_${deviceId}_${randomBytes(32).toString('base64url')}`;
  return { credential, hash: hashCredential(credential) };
}

/** The device a well-formed credential names, with its hash; undefined for anything else. */
export function parseCredential(text: string): ParsedCredential | undefined {
  const match = CREDENTIAL.exec(text);
  if (!match) return undefined;
  const deviceId = Number(match[1]);
  if (deviceId > MAX_ID) return undefined;
  return { deviceId, hash: hashCredential(text) };
}
