import { forbidden } from '../../lib/http-error.js';

/**
 * A media link opens the one medium it names: a valid link asked for another medium is 403
 * (it is no secret which medium a link names; its holder may read only that one).
 */
export function assertLinkOpens(link: { mediaId: number }, mediaId: number): void {
  if (link.mediaId !== mediaId) throw forbidden('This media link is for another medium');
}
