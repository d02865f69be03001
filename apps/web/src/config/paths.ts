import { generatePath } from 'react-router';

/** Every path of spec §2 in one place; the router and every link use these. */
export const paths = {
  root: '/',
  login: '/login',
  monitoring: '/monitoring',
  /** Where 'Forgot password?' points (spec §2). */
  forgotPassword: '/dashboard',
  /** The home path: the breadcrumb's first link, and where an organisation switch lands. */
  overview: '/overview',
  drivingStyle: '/drivingstyle',
  entities: {
    root: '/entities',
    detail: '/entities/:type/:entityId',
    trips: '/entities/:type/:entityId/trips',
    interval: '/entities/:type/:entityId/interval',
    heatmap: '/entities/:type/:entityId/heatmap',
  },
  /** Where /entities redirects (spec §2). */
  assetsOverview: '/assets/overview',
  management: {
    root: '/management',
    organisationSettings: '/management/organisationsettings',
    synchronization: '/management/synchronization',
    overview: '/management/overview',
    assets: '/management/assets',
    devices: '/management/devices',
    drivers: '/management/drivers',
    groups: '/management/groups',
    configurationGroups: '/management/configurationgroups',
    users: '/management/users',
    entityEdit: '/management/entity/edit',
    entityMembers: '/management/entity/members',
    entityLinks: '/management/entity/links',
    entityConfigs: '/management/entity/configs',
  },
  oem: {
    root: '/oem',
    admin: '/oem/admin',
    organisations: '/oem/organisations',
    failedSynchronizations: '/oem/failedsynchronizations',
  },
} as const;

export const ENTITY_TYPES = ['ASSET', 'DRIVER'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const isEntityType = (value: string | undefined): value is EntityType =>
  (ENTITY_TYPES as readonly string[]).includes(value ?? '');

const entityHref =
  (path: (typeof paths.entities)[Exclude<keyof typeof paths.entities, 'root'>]) =>
  (type: EntityType, entityId: number) =>
    generatePath(path, { type, entityId: String(entityId) });

/** Links with parameters; the spec's named routes asset-detail and driver-detail are the first two. */
export const hrefs = {
  assetDetail: (assetId: number) => entityHref(paths.entities.detail)('ASSET', assetId),
  driverDetail: (driverId: number) => entityHref(paths.entities.detail)('DRIVER', driverId),
  entityTrips: entityHref(paths.entities.trips),
  entityInterval: entityHref(paths.entities.interval),
  entityHeatmap: entityHref(paths.entities.heatmap),
  /** The monitoring view for a monitoring's access token (query t). */
  monitoringView: (token: string) => `${paths.monitoring}?${new URLSearchParams({ t: token })}`,
};
