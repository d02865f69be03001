import { Type, type Static } from 'typebox';
import { permissions, type Role } from './roles.js';

/**
 * Issue 19 §3: what the push channel (GET /api/events, server-sent events) tells a signed-in
 * screen. Each event says what changed of which asset; the screen asks again for what it shows
 * of it. `asset`: its latest position or status (Driving/Stationary); `mediaRequest`: a media
 * request made, synced or fulfilled; `monitoring`: a monitoring (request) started, changed or
 * ended; `notification`: a new alert notification for the user `userId` (told to that user
 * only). After a reconnect the screen asks again for everything it shows (`resync`).
 */
export const PUSH_EVENT_KINDS = ['asset', 'mediaRequest', 'monitoring', 'notification'] as const;
export type PushEventKind = (typeof PUSH_EVENT_KINDS)[number];

export const PushEvent = Type.Object({
  kind: Type.Enum(PUSH_EVENT_KINDS),
  assetId: Type.Integer(),
  organisationId: Type.Integer(),
  /** `notification` (issue 21 §2): a new notification of this user only */
  userId: Type.Optional(Type.Integer()),
});
export type PushEvent = Static<typeof PushEvent>;

/** The SSE event name of one batch of PushEvents (its data: a JSON array). */
export const PUSH_EVENT_NAME = 'changes';

/** Which roles hear a kind: the same rule as the API that reads it (monitorings: not DRIVER). */
export const hearsPushEvent = (role: Role, kind: PushEventKind): boolean =>
  kind === 'monitoring' ? permissions.monitoring(role) : true;
