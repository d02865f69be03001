import { Value } from 'typebox/value';
import { hearsPushEvent, PushEvent, type AccessTokenClaims } from '@fleet/contract';

/** A NOTIFY payload as a PushEvent; anything else (a foreign or broken payload) is undefined. */
export function parsePushEvent(payload: string | undefined): PushEvent | undefined {
  if (!payload) return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    return Value.Check(PushEvent, value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The same change twice within one flush is told once. */
export const eventKey = (e: PushEvent) =>
  `${e.kind}:${e.organisationId}:${e.assetId}:${e.userId ?? ''}`;

/**
 * What of a batch a user hears (a notification: only its own user): the kinds its role reads, of the organisations it may see
 * (`visible` answers the access module's subtree rule for each organisation of the batch).
 */
export function audienceOf(
  user: Pick<AccessTokenClaims, 'user_role' | 'user_id'>,
  events: readonly PushEvent[],
  visible: ReadonlySet<number>,
): PushEvent[] {
  return events.filter((e) =>
    e.kind === 'notification'
      ? e.userId === user.user_id
      : hearsPushEvent(user.user_role, e.kind) && visible.has(e.organisationId),
  );
}

/** One server-sent event: its name and JSON data, each line of the data prefixed. */
export const sseMessage = (name: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
