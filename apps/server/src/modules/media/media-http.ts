import type { ByteRange } from './media-store.repository.js';

/**
 * The one range of a `Range: bytes=…` header (RFC 9110 §14.1.2) for a file of `size` bytes:
 * undefined when there is no header or one we do not serve (another unit, several ranges,
 * bad syntax: the whole file answers), 'unsatisfiable' when it starts beyond the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // the last N bytes
    const n = Number(last);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * `attachment` (or `inline`) with the file name: an ASCII fallback in `filename` and the name
 * itself, percent-encoded UTF-8, in `filename*` (RFC 6266, RFC 5987).
 */
export function contentDisposition(
  fileName: string,
  type: 'attachment' | 'inline' = 'attachment',
): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return fallback === fileName
    ? `${type}; filename="${fallback}"`
    : `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The file name a medium gets: the given one, or one made of device, camera and moment. */
export function mediumFileName(
  given: string | undefined,
  made: { identifier: string; camera: number; timestamp: Date; mimeType: string },
): string {
  const extension = made.mimeType === 'video/mp4' ? '.mp4' : '.jpg';
  const name = given
    ?.replace(/[\\/]/g, '_')
    .split('')
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' ? '_' : c))
    .join('')
    .trim();
  if (name) {
    // A name whose extension disagrees with the content keeps its name and gets the right one.
    const stem = name.replace(/\.(jpe?g|mp4)$/i, '');
    return `${stem || 'medium'}${extension}`.slice(-200);
  }
  const stamp = made.timestamp.toISOString().replace(/[:.]/g, '-');
  return `${made.identifier}-${made.camera}-${stamp}${extension}`.replace(/[\\/\s]/g, '_');
}
