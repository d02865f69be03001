/**
 * The table of endpoints: every call of the API once, by domain. Import it as a namespace
 * (`endpoints.assets.get`) so a bundler keeps only the calls a page uses.
 */
export * as adminData from './admin-data.js';
export * as alerts from './alerts.js';
export { assets } from './assets.js';
export * as auth from './auth.js';
export * as clientConfig from './client-config.js';
export { configurationGroups } from './configuration-groups.js';
export * as configurations from './configurations.js';
export * as device from './device.js';
export { devices } from './devices.js';
export { drivers } from './drivers.js';
export * as exports from './exports.js';
export * as fleet from './fleet.js';
export * as geocoding from './geocoding.js';
export { groups } from './groups.js';
export * as health from './health.js';
export * as links from './links.js';
export * as managementOverview from './management-overview.js';
export * as mediaRequests from './media-requests.js';
export * as media from './media.js';
export * as monitoring from './monitoring.js';
export * as organisationSettings from './organisation-settings.js';
export * as organisations from './organisations.js';
export * as reports from './reports.js';
export * as reportSubscriptions from './report-subscriptions.js';
export * as safety from './safety.js';
export * as sync from './sync.js';
export { users } from './users.js';
export * as vehicleData from './vehicle-data.js';
export * as zones from './zones.js';
