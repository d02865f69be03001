// The media module's front door: pictures and videos, their store, and media links.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import { MediaFilesRepository } from './media-files.repository.js';
import type { FootageRecorder } from './media-footage.js';
import { MediaLinkService, MediaLinkTokens } from './media-links.js';
import { UploadLedgerRepository } from './upload-ledger.repository.js';
import { createMediaStore } from './media-store.repository.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';

export { deviceMediaRoutes, mediaLinkRoutes, mediaRoutes } from './media.routes.js';
export type { MediaService } from './media.service.js';
export type { MediaLinkTokens } from './media-links.js';
export type { FootageRecorder } from './media-footage.js';
export type { MediaFilesRepository as MediaFiles } from './media-files.repository.js';
export { storageKeys, type MediaStore } from './media-store.repository.js';
export { contentDisposition, parseRange } from './media-http.js';

/** The files on disk and the store (disk or S3) media live in; monitoring keeps recordings there. */
export function mediaStorage(config: Config) {
  return {
    files: new MediaFilesRepository(config.dataDir),
    store: createMediaStore(config.media, config.dataDir),
  };
}

export function createMedia(deps: {
  db: Db;
  config: Config;
  secret: string;
  assets: AssetReads;
  drivers: DriverReads;
  fleetAccess: FleetAccess;
  log: FastifyBaseLogger;
  /** Issue 20 §6: told of every view, play and download served */
  footage?: FootageRecorder;
}) {
  const { config } = deps;
  const { files, store } = mediaStorage(config);
  const media = new MediaService(
    new MediaRepository(deps.db),
    files,
    store,
    deps.assets,
    deps.drivers,
    deps.fleetAccess,
    deps.log,
    config.media.maxBytes,
    {
      quotaBytes: config.input.mediaQuotaBytes,
      perMinute: config.input.uploadsPerMinute,
      bytesPerHour: config.input.uploadBytesPerHour,
    },
    new UploadLedgerRepository(deps.db),
    deps.footage,
  );
  const mediaLinkTokens = new MediaLinkTokens(deps.secret, config.media.linkSeconds);
  return { media, mediaLinkTokens, mediaLinks: new MediaLinkService(mediaLinkTokens, media) };
}
