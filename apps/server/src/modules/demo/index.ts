// The demo module's front door: the demo organisations, accounts and seed.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.js';
export { seedDemo } from './demo-seed.repository.js';
export { DemoSafety } from './demo-safety.repository.js';
export { seedDemoAlertRules } from './demo-alert-rules.js';
export { seedDemoReportSubscriptions } from './demo-report-subscriptions.repository.js';
export { DEMO_ZONES, seedDemoZones } from './demo-zones.repository.js';
