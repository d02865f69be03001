import type { ParseKeys } from 'i18next';
import type { EntityType } from '@/config/paths';
import { useMatches } from 'react-router';

/** What a route declares about itself in its `handle`. */
export type RouteHandle = {
  /** The route's name in the breadcrumb (a translation key). */
  crumb?: ParseKeys;
  hideFooter?: boolean;
  /** Extra classes for the top bar while the route is shown. */
  topBarClass?: string;
  /** The entity type a route stands for (asset-detail, driver-detail). */
  entityType?: EntityType;
};

export const useRouteHandles = () =>
  useMatches().flatMap((match) => (match.handle ? [match.handle as RouteHandle] : []));

/** The handles of the matched routes merged; the deepest route wins. */
export const useRouteHandle = (): RouteHandle => Object.assign({}, ...useRouteHandles());
