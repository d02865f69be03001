import 'i18next';
import type { en } from '../locales/en';
import type { EntityTexts } from '../features/entity-detail/locales/en';
import type { DashboardTexts } from '../locales/dashboards/en';
import type { MonitoringTexts } from '../features/monitoring/locales/en';
import type { ManagementTexts } from '../features/management/locales/en';
import type { MediaTexts } from '../features/media/locales/en';
import type { OrganisationSettingsTexts } from '../features/organisation-settings/locales/en';
import type { AdminTexts } from '../features/admin/locales/en';
import type { SyncTexts } from '../features/sync/locales/en';
import type { MapTexts } from '../locales/map/en';
import type { SafetyReviewTexts } from '../features/safety/locales/review/en';
import type { CoachingTexts } from '../features/safety/locales/coaching/en';
import type { AlertsTexts } from '../features/alerts/locales/en';
import type { ZonesTexts } from '../features/zones/locales/en';
import type { ReportSubscriptionsTexts } from '../features/report-subscriptions/locales/en';

// Typed translation keys: t('nav.assets') is checked against the English resource.
declare module 'i18next' {
  interface CustomTypeOptions {
    // entity.* is added at run time by the entity detail chunk (features/entity-detail/locales).
    // management.* by the management chunks (features/management/locales).
    // periodFilter, address, eventTypes, fleetOverview and drivingStyle: locales/dashboards.
    // media.*: the media feature's chunk (features/media/locales).
    // sync.*: the synchronisation screens' chunks (features/sync/locales).
    // map.*: the map chunk (locales/map).
    resources: {
      translation: typeof en & { entity: EntityTexts } & { media: MediaTexts } & DashboardTexts & {
          monitoring: MonitoringTexts;
          management: ManagementTexts;
          organisationSettings: OrganisationSettingsTexts;
          admin: AdminTexts;
          sync: SyncTexts;
          map: MapTexts;
          safety: SafetyReviewTexts;
          coaching: CoachingTexts;
          alerts: AlertsTexts;
          zones: ZonesTexts;
          reportSubscriptions: ReportSubscriptionsTexts;
        };
    };
  }
}
