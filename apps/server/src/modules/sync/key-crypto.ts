import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Remote API keys at rest (sync_configurations.api_key_encrypted): AES-256-GCM with a random
 * 96-bit nonce per encryption. The 256-bit key is derived with HKDF-SHA256 from the server's
 * signing secret (JWT_SECRET, or the one generated under DATA_DIR/jwt-secret), salt
 * 'fleetwise-sync', info 'sync api key v1': servers sharing a database share JWT_SECRET, so
 * each reads what another stored. The organisation's id is the additional authenticated data:
 * a ciphertext copied into another organisation's row does not open there.
 *
 * Stored as 'v1.<nonce>.<ciphertext>.<tag>', each part base64url. A new signing secret makes
 * stored keys unreadable: runs then fail saying so, and the key is to be entered again.
 */
export class KeyCrypto {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'fleetwise-sync', 'sync api key v1', 32));
  }

  encrypt(plain: string, organisationId: number): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(organisationId));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The key, or undefined when the text was not sealed by this secret for this organisation. */
  decrypt(stored: string, organisationId: number): string | undefined {
    const [version, nonce, body, tag, ...rest] = stored.split('.');
    if (version !== VERSION || !nonce || body === undefined || !tag || rest.length)
      return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(aad(organisationId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }
}

const aad = (organisationId: number) => Buffer.from(`sync-configuration:${organisationId}`);
