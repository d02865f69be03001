import { endpoint } from '../endpoint.js';
import {
  MediaRequest,
  MediaRequestInput,
  MediaRequestList,
  MediaRequestQuery,
  RequestedMediaList,
} from '../media.js';
import { IdParams } from '../organisations.js';

/** Media requests (spec §7): ask a vehicle for a moment's pictures or video, and follow it. */
const tags = ['media'];
const FAILURES = [400, 401, 403, 404] as const;

/* @__NO_SIDE_EFFECTS__ */
function ofOwner<const R extends 'assets' | 'drivers'>(resource: R, owner: string, whose: string) {
  return {
    create: endpoint('POST', `/${resource}/:id/mediarequests`, {
      tags,
      summary: `Ask the device of ${owner} for pictures or a video of a moment`,
      params: IdParams,
      body: MediaRequestInput,
      ok: { 201: MediaRequest },
      errors: FAILURES,
    }),
    list: endpoint('GET', `/${resource}/:id/mediarequests`, {
      tags,
      summary: `Media requests of ${whose}, newest first`,
      params: IdParams,
      querystring: MediaRequestQuery,
      ok: { 200: MediaRequestList },
      errors: FAILURES,
    }),
  };
}

export const ofAsset = ofOwner('assets', 'an asset', 'an asset');
export const ofDriver = ofOwner(
  'drivers',
  'a driver (the vehicle the driver drove then)',
  'a driver',
);

export const medias = endpoint('GET', '/mediarequests/:id/medias', {
  tags,
  summary: 'Each requested camera: its availability and, once there, its medium',
  params: IdParams,
  ok: { 200: RequestedMediaList },
  errors: FAILURES,
});
