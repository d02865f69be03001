import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { session } from '@/lib/auth';
import { ENTITIES_HOME, paths, ROUTE_IDS } from '@/config/paths';
import { RequireSession } from './require-session';
import type { SignInReturn } from './sign-in-return';
import { RootLayout, RouteError } from './root-layout';
import type { RouteHandle } from './route-handle';

const to = (path: string) => <Navigate to={path} replace />;
const handle = (h: RouteHandle) => h;

// Each screen is its own lazily loaded chunk, so /login loads none of the signed-in shell.
const entityRoutes: RouteObject[] = [
  { index: true, element: to(ENTITIES_HOME) },
  // The spec's named routes asset-detail and driver-detail: one screen, two names.
  {
    id: ROUTE_IDS.assetDetail,
    path: paths.entities.assetDetail,
    handle: handle({ crumb: 'screens.details', entityType: 'ASSET' }),
    lazy: () => import('./routes/entity-detail'),
  },
  {
    id: ROUTE_IDS.driverDetail,
    path: paths.entities.driverDetail,
    handle: handle({ crumb: 'screens.details', entityType: 'DRIVER' }),
    lazy: () => import('./routes/entity-detail'),
  },
  {
    id: 'entity-trips',
    path: paths.entities.trips,
    handle: handle({ crumb: 'screens.trips' }),
    lazy: () => import('./routes/entity-trips'),
  },
  {
    id: 'entity-interval',
    path: paths.entities.interval,
    handle: handle({ crumb: 'screens.interval' }),
    lazy: () => import('./routes/entity-interval'),
  },
  {
    id: 'entity-heatmap',
    path: paths.entities.heatmap,
    handle: handle({ crumb: 'screens.heatmap' }),
    lazy: () => import('./routes/entity-heatmap'),
  },
];

/** Issue 20: the safety inbox and a case's page. */
const safetyRoutes: RouteObject[] = [
  { index: true, element: to(paths.safety.inbox) },
  {
    path: paths.safety.inbox,
    handle: handle({ crumb: 'nav.safetyCases' }),
    lazy: () => import('./routes/safety-inbox'),
  },
  {
    path: paths.safety.case,
    handle: handle({ crumb: 'screens.safetyCase' }),
    lazy: () => import('./routes/safety-case'),
  },
  {
    path: paths.safety.my,
    handle: handle({ crumb: 'nav.mySafety' }),
    lazy: () => import('./routes/my-safety'),
  },
  {
    path: paths.safety.coachingReport,
    handle: handle({ crumb: 'nav.coachingReport' }),
    lazy: () => import('./routes/coaching-report'),
  },
  {
    path: paths.safety.settings,
    handle: handle({ crumb: 'nav.safetySettings' }),
    lazy: () => import('./routes/safety-settings'),
  },
];

const resourceList = () => import('./routes/resource-list');
const m = paths.management;
const managementRoutes: RouteObject[] = [
  { index: true, element: to(m.assets) },
  {
    path: m.organisationSettings,
    handle: handle({ crumb: 'nav.organisationSettings' }),
    lazy: () => import('./routes/organisation-settings'),
  },
  {
    path: m.alertRules,
    handle: handle({ crumb: 'nav.alertRules' }),
    lazy: () => import('./routes/alert-rules'),
  },
  {
    path: m.reportSubscriptions,
    handle: handle({ crumb: 'nav.reportSubscriptions' }),
    lazy: () => import('./routes/report-subscriptions'),
  },
  {
    path: m.zones,
    handle: handle({ crumb: 'nav.zones' }),
    lazy: () => import('./routes/zones'),
  },
  {
    path: m.synchronization,
    handle: handle({ crumb: 'nav.synchronization' }),
    lazy: () => import('./routes/synchronization'),
  },
  {
    path: m.overview,
    handle: handle({ crumb: 'nav.managementOverview' }),
    lazy: () => import('./routes/management-overview'),
  },
  { path: m.assets, handle: handle({ crumb: 'nav.assets' }), lazy: resourceList },
  { path: m.devices, handle: handle({ crumb: 'nav.devices' }), lazy: resourceList },
  { path: m.drivers, handle: handle({ crumb: 'nav.drivers' }), lazy: resourceList },
  { path: m.groups, handle: handle({ crumb: 'nav.groups' }), lazy: resourceList },
  {
    path: m.configurationGroups,
    handle: handle({ crumb: 'nav.configurationGroups' }),
    lazy: resourceList,
  },
  { path: m.users, handle: handle({ crumb: 'nav.users' }), lazy: resourceList },
  {
    path: m.entityEdit,
    handle: handle({ crumb: 'screens.entityEdit' }),
    lazy: () => import('./routes/entity-edit'),
  },
  {
    path: m.entityMembers,
    handle: handle({ crumb: 'screens.entityMembers' }),
    lazy: () => import('./routes/entity-members'),
  },
  {
    path: m.entityLinks,
    handle: handle({ crumb: 'screens.entityLinks' }),
    lazy: () => import('./routes/entity-links'),
  },
  {
    path: m.entityConfigs,
    // A configuration group's settings page or an asset's effective settings.
    handle: handle({ crumb: 'screens.entityConfigs' }),
    lazy: () => import('./routes/configuration-group-settings'),
  },
];

/** Issue 21 §1: the zone visits report; /zones itself is the editor under management. */
const zoneRoutes: RouteObject[] = [
  { index: true, element: to(m.zones) },
  {
    path: paths.zones.report,
    handle: handle({ crumb: 'nav.zoneReport' }),
    lazy: () => import('./routes/zone-report'),
  },
];

const oemRoutes: RouteObject[] = [
  { index: true, element: to(paths.oem.organisations) },
  {
    path: paths.oem.admin,
    handle: handle({ crumb: 'nav.admin' }),
    lazy: () => import('./routes/oem-admin'),
  },
  {
    path: paths.oem.organisations,
    handle: handle({ crumb: 'nav.organisationOverview' }),
    lazy: resourceList,
  },
  {
    path: paths.oem.failedSynchronizations,
    handle: handle({ crumb: 'nav.failedSynchronizations' }),
    lazy: () => import('./routes/failed-synchronizations'),
  },
];

/** The signed-in shell's screens. */
const shellRoutes: RouteObject[] = [
  // '/' goes to /login, which sends a signed-in user on to /overview (spec §2).
  { index: true, element: to(paths.login) },
  {
    id: ROUTE_IDS.overview,
    path: paths.overview,
    handle: handle({ crumb: 'nav.fleetOverview' }),
    lazy: () => import('./routes/overview'),
  },
  {
    path: paths.drivingStyle,
    handle: handle({ crumb: 'nav.fleetDrivingStyle' }),
    lazy: () => import('./routes/driving-style'),
  },
  { path: paths.safety.root, handle: handle({ crumb: 'nav.safety' }), children: safetyRoutes },
  { path: paths.entities.root, handle: handle({ crumb: 'nav.entities' }), children: entityRoutes },
  { path: m.root, handle: handle({ crumb: 'nav.management' }), children: managementRoutes },
  { path: paths.zones.root, handle: handle({ crumb: 'nav.zones' }), children: zoneRoutes },
  { path: paths.oem.root, handle: handle({ crumb: 'nav.oem' }), children: oemRoutes },
  { path: '*', lazy: () => import('./routes/not-found') },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: paths.login, lazy: () => import('./routes/login') },
      {
        // Everything but /login uses TanStack Query; loading it here keeps it off the sign-in page.
        lazy: () => import('./query-provider'),
        children: [
          {
            id: ROUTE_IDS.monitoring,
            path: paths.monitoring,
            lazy: () => import('./routes/monitoring-view'),
          },
          {
            element: <RequireSession />,
            children: [
              {
                path: paths.root,
                lazy: () => import('./layout/app-layout'),
                children: shellRoutes,
              },
            ],
          },
        ],
      },
    ],
  },
];

// A visitor without a session goes straight to /login before the router starts: otherwise the
// router would first load the signed-in shell's chunks for the requested path. RequireSession
// still guards every later navigation and a logout.
const publicPaths: string[] = [paths.login, paths.monitoring];
// It keeps where the visitor was going, as the router keeps a navigation's state (`usr`), so
// that signing in leads there (issue 19 §8).
if (!session.get() && !publicPaths.includes(window.location.pathname)) {
  const { pathname, search, hash } = window.location;
  const usr: SignInReturn = { from: `${pathname}${search}${hash}` };
  window.history.replaceState({ usr, key: 'default', idx: 0 }, '', paths.login);
}

export const router = createBrowserRouter(routes);
