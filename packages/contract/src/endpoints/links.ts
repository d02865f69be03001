import type { TSchema } from 'typebox';
import { endpoint, NoContent } from '../endpoint.js';
import {
  AssetDeviceParams,
  AssetDriverParams,
  DeviceLink,
  DeviceLinkList,
  DriverLink,
  DriverLinkList,
  FromQuery,
  PeriodQuery,
  UntilQuery,
} from '../fleet.js';
import { IdParams } from '../organisations.js';

/**
 * Links of assets to devices and to drivers (spec §4, §7): the same five calls for each kind
 * (issue 10 §8): list by asset, list by device (driver), link, end, delete.
 */
const tags = ['links'];
const READ = [400, 401, 403, 404] as const;
const WRITE = [...READ, 409] as const;

type Kind<L extends TSchema, LL extends TSchema, P extends TSchema, Q extends TSchema> = {
  link: L;
  list: LL;
  params: P;
  /** GET devices/{id}/devicelinks takes ?from; drivers/{id}/driverlinks ?from&until. */
  targetQuery: Q;
  targetSummary: string;
};

/* @__NO_SIDE_EFFECTS__ */
function assetLinks<const K extends 'device' | 'driver', const S extends TSchema>(
  kind: K,
  list: S,
  base: 'main' | 'admin' = 'main',
) {
  return endpoint('GET', `/assets/:id/${kind}links`, {
    base,
    tags,
    summary: `The asset's ${kind} links overlapping [from, until), newest first`,
    params: IdParams,
    querystring: PeriodQuery,
    ok: { 200: list },
    errors: READ,
  });
}

/* @__NO_SIDE_EFFECTS__ */
function ofKind<
  const K extends 'device' | 'driver',
  L extends TSchema,
  LL extends TSchema,
  P extends TSchema,
  Q extends TSchema,
>(kind: K, { link, list, params, targetQuery, targetSummary }: Kind<L, LL, P, Q>) {
  return {
    ofAsset: assetLinks(kind, list),
    ofTarget: endpoint('GET', `/${kind}s/:id/${kind}links`, {
      tags,
      summary: targetSummary,
      params: IdParams,
      querystring: targetQuery,
      ok: { 200: list },
      errors: READ,
    }),
    link: endpoint('PUT', `/assets/:id/${kind}s/:${kind}Id`, {
      tags,
      summary: `Link the ${kind} to the asset from \`from\` (default now), with no end`,
      params,
      querystring: FromQuery,
      ok: { 201: link },
      errors: WRITE,
    }),
    end: endpoint('DELETE', `/assets/:id/${kind}s/:${kind}Id`, {
      tags,
      summary: `End the open link of the asset and the ${kind} at \`until\` (default now)`,
      params,
      querystring: UntilQuery,
      ok: { 200: link },
      errors: READ,
    }),
    remove: endpoint('DELETE', `/${kind}links/:id`, {
      tags,
      summary: 'Remove the link as if it never was',
      params: IdParams,
      ok: { 204: NoContent },
      errors: READ,
    }),
  };
}

export const device = ofKind('device', {
  link: DeviceLink,
  list: DeviceLinkList,
  params: AssetDeviceParams,
  targetQuery: FromQuery,
  targetSummary: "The device's links still holding at or after from, newest first",
});

export const driver = ofKind('driver', {
  link: DriverLink,
  list: DriverLinkList,
  params: AssetDriverParams,
  targetQuery: PeriodQuery,
  targetSummary: "The driver's links overlapping [from, until), newest first",
});

/** GET assets/{id}/driverlinks on the admin base: the same as on the main base. */
export const adminAssetDriverLinks = assetLinks('driver', DriverLinkList, 'admin');
