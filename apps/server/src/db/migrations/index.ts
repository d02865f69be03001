import type { Migration } from 'kysely';
import * as foundation from './2026-11-21-0001-foundation.js';
import * as fleetEntities from './2026-11-21-0002-fleet-entities.js';
import * as engine from './2026-11-21-0003-engine.js';
import * as geocoding from './2026-11-21-0004-geocoding.js';
import * as signInFailuresByAddress from './2026-11-23-0005-sign-in-failures-by-address.js';
import * as deviceChannelAndMedia from './2026-11-23-0006-device-channel-and-media.js';
import * as monitoring from './2026-11-24-0007-monitoring.js';
import * as managementLists from './2026-11-24-0008-management-lists.js';
import * as mediaOncePerType from './2026-11-24-0009-media-once-per-type.js';
import * as synchronisation from './2026-11-24-0010-synchronisation.js';
import * as organisationDeletion from './2026-11-24-0011-organisation-deletion.js';
import * as namesAndSessions from './2026-11-25-0012-names-and-sessions.js';
import * as partitions from './2026-11-26-0014-partitions.js';
import * as multinode from './2026-11-26-0015-multinode.js';
import * as pushEvents from './2026-11-26-0017-push-events.js';
import * as safetyCases from './2026-11-26-0018-safety-cases.js';
import * as safetyInboxIndexes from './2026-11-26-0020-safety-inbox-indexes.js';
import * as alerts from './2026-11-26-0021-alerts.js';
import * as zones from './2026-11-27-0022-zones.js';
import * as reportSubscriptions from './2026-11-27-0023-report-subscriptions.js';
import * as alertsAtIngestion from './2026-11-27-0024-alerts-at-ingestion.js';
import * as caseAlerts from './2026-11-27-0025-case-alerts.js';
import * as batchedPositionEvents from './2026-11-27-0026-batched-position-events.js';
import * as engineWrite from './2026-11-27-0027-engine-write.js';
import * as incrementalDay from './2026-11-27-0028-incremental-day.js';
import * as shortTrips from './2026-11-27-0029-short-trips.js';

/** Every migration, by name; names sort in the order they apply. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-foundation': foundation,
  '2026-11-21-0002-fleet-entities': fleetEntities,
  '2026-11-21-0003-engine': engine,
  '2026-11-21-0004-geocoding': geocoding,
  '2026-11-23-0005-sign-in-failures-by-address': signInFailuresByAddress,
  '2026-11-23-0006-device-channel-and-media': deviceChannelAndMedia,
  '2026-11-24-0007-monitoring': monitoring,
  '2026-11-24-0008-management-lists': managementLists,
  '2026-11-24-0009-media-once-per-type': mediaOncePerType,
  '2026-11-24-0010-synchronisation': synchronisation,
  '2026-11-24-0011-organisation-deletion': organisationDeletion,
  '2026-11-25-0012-names-and-sessions': namesAndSessions,
  '2026-11-26-0014-partitions': partitions,
  '2026-11-26-0015-multinode': multinode,
  '2026-11-26-0017-push-events': pushEvents,
  '2026-11-26-0018-safety-cases': safetyCases,
  '2026-11-26-0020-safety-inbox-indexes': safetyInboxIndexes,
  '2026-11-26-0021-alerts': alerts,
  '2026-11-27-0022-zones': zones,
  '2026-11-27-0023-report-subscriptions': reportSubscriptions,
  '2026-11-27-0024-alerts-at-ingestion': alertsAtIngestion,
  '2026-11-27-0025-case-alerts': caseAlerts,
  '2026-11-27-0026-batched-position-events': batchedPositionEvents,
  '2026-11-27-0027-engine-write': engineWrite,
  '2026-11-27-0028-incremental-day': incrementalDay,
  '2026-11-27-0029-short-trips': shortTrips,
};
