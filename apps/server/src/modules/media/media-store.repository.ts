import { randomUUID } from 'node:crypto';
import { createReadStream, openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { MediaConfig, S3Config } from '../../config.js';

/** Inclusive byte range of a stored file. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredRead {
  stream: Readable;
  /** bytes in the stream */
  length: number;
}

/**
 * Where the files of media live. Keys come from `storageKeys` only; a missing file reads
 * as undefined and deletes as a success (the garbage sweep may run twice).
 */
export interface MediaStore {
  /** Stores the file at a local path under key (the local file may be moved away). */
  put(key: string, localPath: string, contentType: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<StoredRead | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The one place storage keys are made: by organisation, asset and UTC day of the moment the
 * medium shows, unique by a UUID, the camera in the name; the thumbnail beside the file.
 */
export function storageKeys(medium: {
  organisationId: number;
  assetId: number;
  timestamp: Date;
  camera: number;
  mimeType: 'image/jpeg' | 'video/mp4';
  uuid?: string;
}): { storageKey: string; thumbnailKey: string } {
  const t = medium.timestamp;
  const day = `${t.getUTCFullYear()}/${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())}`;
  const base = `media/${medium.organisationId}/${medium.assetId}/${day}/${medium.uuid ?? randomUUID()}-${medium.camera}`;
  const extension = medium.mimeType === 'video/mp4' ? 'mp4' : 'jpg';
  return { storageKey: `${base}.${extension}`, thumbnailKey: `${base}-thumb.jpg` };
}

const KEY = /^media\/[\w-]+(\/[\w.-]+)*$/;
function assertKey(key: string) {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`not a storage key: ${key}`);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under DATA_DIR (keys start with media/, so they land in DATA_DIR/media). */
export class LocalMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  private file(key: string) {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, localPath: string): Promise<void> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a reader never sees half a file.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await fs.rename(localPath, partial).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV') throw error;
        await fs.copyFile(localPath, partial);
      });
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<StoredRead | undefined> {
    const file = this.file(key);
    let size: number;
    try {
      size = (await fs.stat(file)).size;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    return { stream: createReadStream(file, { start, end }), length: Math.max(0, end - start + 1) };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.file(key));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
}

/**
 * An S3-compatible bucket with path-style URLs, signed by aws4fetch. Uploads send the file
 * as a Blob backed by the file (fs.openAsBlob) with UNSIGNED-PAYLOAD, so nothing is held in
 * memory; reads stream the answer's body.
 */
export class S3MediaStore implements MediaStore {
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
      retries: 2,
    });
  }

  private url(key: string) {
    assertKey(key);
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    return `${this.config.endpoint}/${encodeURIComponent(this.config.bucket)}/${encoded}`;
  }

  private async request(key: string, init: RequestInit & { headers?: Record<string, string> }) {
    return this.client.fetch(this.url(key), {
      ...init,
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', ...init.headers },
    });
  }

  private static async fail(what: string, response: Response): Promise<never> {
    const text = await response.text().catch(() => '');
    throw new Error(`S3 ${what}: ${response.status} ${text.slice(0, 300)}`);
  }

  async put(key: string, localPath: string, contentType: string): Promise<void> {
    const body = await openAsBlob(localPath, { type: contentType });
    const response = await this.request(key, {
      method: 'PUT',
      body,
      // No content-length of our own: fetch sets it from the Blob (a second one, added by the
      // undici that may serve fetch, is refused as invalid).
      headers: { 'content-type': contentType },
    });
    if (!response.ok) await S3MediaStore.fail(`PUT ${key}`, response);
    await response.body?.cancel();
  }

  async read(key: string, range?: ByteRange): Promise<StoredRead | undefined> {
    const response = await this.request(key, {
      method: 'GET',
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) await S3MediaStore.fail(`GET ${key}`, response);
    return {
      stream: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      length: Number(response.headers.get('content-length')),
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.request(key, { method: 'DELETE' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) {
      throw new Error(`S3 DELETE ${key}: ${response.status}`);
    }
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.request(key, { method: 'HEAD' });
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`S3 HEAD ${key}: ${response.status}`);
    return true;
  }
}

export function createMediaStore(config: MediaConfig, dataDir: string): MediaStore {
  return config.store.kind === 's3' ? new S3MediaStore(config.store) : new LocalMediaStore(dataDir);
}
