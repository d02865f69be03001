/**
 * The virtual fleet against a real server: sets up the demo organisations'
 * assets, drivers and devices, sends their history through the device API,
 * and keeps some of them driving live. In three parts: the device session
 * (device-session.ts), seeding (seeding.ts) and live driving (live-driving.ts).
 */
export type { SimulatorOptions } from './device-session.js';
export {
  DEFAULT_EVENT_CLIP_LIMIT,
  DEFAULT_EVENT_MEDIA_LIMIT,
  DEFAULT_MEDIA_DAYS,
  seedDemoFleet,
  type SeedOptions,
  type SeedResult,
} from './seeding.js';
export { runLive, type LiveOptions } from './live-driving.js';
