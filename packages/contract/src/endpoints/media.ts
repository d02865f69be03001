import { Type } from 'typebox';
import { Binary, endpoint, NoContent } from '../endpoint.js';
import {
  MediaDeletionList,
  MediaItem,
  MediaLinkQuery,
  MediaLinks,
  MediaLinksQuery,
  MediaUploadFields,
} from '../media.js';
import { IdParams } from '../organisations.js';

/** Media (spec §7): upload, a medium, its file, thumbnail and short-lived links, deletion. */
const tags = ['media'];
const FAILURES = [400, 401, 403, 404] as const;

/** An upload's multipart body, documented: the fields, then the file (the handler reads it). */
export const UploadBody = Type.Object({ ...MediaUploadFields.properties, file: Binary });

export const upload = endpoint('POST', '/media', {
  tags,
  summary:
    'Upload a picture or video for a device moment (multipart: the fields, then file); the content decides the type. 413 QUOTA_EXCEEDED when the organisation storage is full, 429 beyond the user upload rate',
  consumes: ['multipart/form-data'],
  body: UploadBody,
  ok: { 201: MediaItem },
  errors: [...FAILURES, 409, 413, 415, 429],
});

export const get = endpoint('GET', '/media/:id', {
  tags,
  summary: 'A medium',
  params: IdParams,
  ok: { 200: MediaItem },
  errors: FAILURES,
});

export const download = endpoint('GET', '/media/:id/download', {
  tags,
  summary: 'The file, as an attachment; one byte range (Range: bytes=a-b) answers 206',
  params: IdParams,
  ok: { 200: Binary, 206: Binary },
  errors: [...FAILURES, 416],
});

export const thumbnail = endpoint('GET', '/media/:id/thumbnail', {
  tags,
  summary: 'The 250x140 JPEG thumbnail',
  params: IdParams,
  ok: { 200: Binary },
  errors: FAILURES,
});

export const links = endpoint('GET', '/media/:id/links', {
  tags,
  summary:
    'Short-lived addresses of the file, inline and as a download, and of its thumbnail, for <img> and <video> (MEDIA_LINK_TTL seconds). The file served through them is recorded in the footage audit (VIEW, PLAY or DOWNLOAD by the caller, under caseId when given)',
  params: IdParams,
  querystring: MediaLinksQuery,
  ok: { 200: MediaLinks },
  errors: FAILURES,
});

export const remove = endpoint('DELETE', '/media/:id', {
  tags,
  summary: 'Delete a medium and its files (recorded in the deletion audit); not for DRIVER',
  params: IdParams,
  ok: { 204: NoContent },
  errors: FAILURES,
});

export const deletions = endpoint('GET', '/organisations/:id/mediadeletions', {
  tags,
  summary: 'Who deleted which footage of the organisation, newest first (not for DRIVER)',
  params: IdParams,
  ok: { 200: MediaDeletionList },
  errors: FAILURES,
});

// The files behind media links: the link in the query is the only credential.
const link = { tags, security: [], params: IdParams, querystring: MediaLinkQuery };

export const linkFile = endpoint('GET', '/mediafiles/:id', {
  ...link,
  summary:
    'The file of a media link: inline, or as an attachment with download=true; one byte range (Range: bytes=a-b) answers 206',
  ok: { 200: Binary, 206: Binary },
  errors: [...FAILURES, 416],
});

export const linkThumbnail = endpoint('GET', '/mediafiles/:id/thumbnail', {
  ...link,
  summary: 'The 250x140 JPEG thumbnail of a media link',
  ok: { 200: Binary },
  errors: FAILURES,
});
