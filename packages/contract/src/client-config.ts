import { Type, type Static } from 'typebox';
import { LiveVideoConfig } from './monitoring.js';

/** GET /api/client-config: settings the web app reads before it draws a map (no sign-in). */
export const ClientConfig = Type.Object({
  /** A MapLibre style URL; null: the app's own OpenStreetMap raster style. */
  mapStyleUrl: Type.Union([Type.String(), Type.Null()]),
  /** The fleet's IANA time zone (TIMEZONE): the server cuts days in it, the web shows days in it. */
  timeZone: Type.String(),
  /** live video: whether this server has a gateway, where it is, the STUN/TURN servers */
  liveVideo: LiveVideoConfig,
});
export type ClientConfig = Static<typeof ClientConfig>;
