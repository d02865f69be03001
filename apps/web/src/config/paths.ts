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
  /** Issue 20: the safety inbox and a case's page. */
  safety: {
    root: '/safety',
    inbox: '/safety/cases',
    case: '/safety/cases/:caseId',
    /** A DRIVER's own page, the coaching report and the safety settings (h-coaching). */
    my: '/safety/my',
    coachingReport: '/safety/coaching',
    settings: '/safety/settings',
  },
  entities: {
    root: '/entities',
    /** The named routes asset-detail and driver-detail (spec §2): type ASSET or DRIVER. */
    assetDetail: '/entities/ASSET/:entityId',
    driverDetail: '/entities/DRIVER/:entityId',
    trips: '/entities/:type/:entityId/trips',
    interval: '/entities/:type/:entityId/interval',
    heatmap: '/entities/:type/:entityId/heatmap',
  },
  management: {
    root: '/management',
    organisationSettings: '/management/organisationsettings',
    alertRules: '/management/alerts',
    /** Issue 21 §4: scheduled reports by e-mail and their history. */
    reportSubscriptions: '/management/reports',
    /** Issue 21 §1: the zone editor. */
    zones: '/management/zones',
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
  /** Issue 21 §1: the zone visits report (the editor is under management). */
  zones: {
    root: '/zones',
    report: '/zones/report',
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

/**
 * Where /entities leads. The spec's /assets/overview is no screen of this portal; the fleet
 * overview is the list of assets, each linked to its detail.
 */
export const ENTITIES_HOME = paths.overview;

/** The spec's named routes (§2): route ids in the router, for links and lookups. */
export const ROUTE_IDS = {
  assetDetail: 'asset-detail',
  driverDetail: 'driver-detail',
  monitoring: 'monitoring',
  overview: 'overview',
} as const;

const entityHref =
  (
    path:
      typeof paths.entities.trips | typeof paths.entities.interval | typeof paths.entities.heatmap,
  ) =>
  (type: EntityType, entityId: number) =>
    generatePath(path, { type, entityId: String(entityId) });

/** Links with parameters; the named routes asset-detail and driver-detail are the first two. */
export const hrefs = {
  assetDetail: (assetId: number) =>
    generatePath(paths.entities.assetDetail, { entityId: String(assetId) }),
  driverDetail: (driverId: number) =>
    generatePath(paths.entities.driverDetail, { entityId: String(driverId) }),
  /** The detail of either type. */
  entityDetail: (type: EntityType, entityId: number) =>
    type === 'ASSET' ? hrefs.assetDetail(entityId) : hrefs.driverDetail(entityId),
  entityTrips: entityHref(paths.entities.trips),
  entityInterval: entityHref(paths.entities.interval),
  entityHeatmap: entityHref(paths.entities.heatmap),
  /** A safety case's page; `query` keeps the inbox's filters, so next and previous follow them. */
  safetyCase: (caseId: number, query = '') =>
    `${generatePath(paths.safety.case, { caseId: String(caseId) })}${query ? `?${query}` : ''}`,
  /** The monitoring view for a monitoring's access token (query t). */
  monitoringView: (token: string) => `${paths.monitoring}?${new URLSearchParams({ t: token })}`,
};

/** The management list of a resource (its path segment under /management), with filters. */
const MANAGEMENT_LISTS: Record<string, string> = {
  assets: paths.management.assets,
  devices: paths.management.devices,
  drivers: paths.management.drivers,
  groups: paths.management.groups,
  configurationgroups: paths.management.configurationGroups,
  users: paths.management.users,
};

const ENTITY_SCREENS = {
  edit: paths.management.entityEdit,
  members: paths.management.entityMembers,
  links: paths.management.entityLinks,
  configs: paths.management.entityConfigs,
} as const;

/** Links of the management screens: entity/* take ?type=<resource>&id=<id> (no id: create). */
export const managementHrefs = {
  list: (resource: string, filters: Record<string, string> = {}) => {
    const query = new URLSearchParams(filters).toString();
    return `${MANAGEMENT_LISTS[resource] ?? paths.management.root}${query ? `?${query}` : ''}`;
  },
  entity: (screen: keyof typeof ENTITY_SCREENS, type: string, id?: number) =>
    `${ENTITY_SCREENS[screen]}?${new URLSearchParams({ type, ...(id ? { id: String(id) } : {}) })}`,
};
