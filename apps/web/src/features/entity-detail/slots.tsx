import { createContext, useContext, type ReactNode } from 'react';
import type { Entity } from './api/get-entity';

/** What the trip card knows of one event of its Map list, for the media slot. */
export type EventSlotProps = {
  assetId: number;
  timestamp: string;
  /** the device at that moment (the nearest datapoint's), null if none is known */
  identifier: string | null;
  /** the media of the datapoint at that moment */
  media: { id: number; mimeType: string }[];
  /** after an upload or a delete: the card refreshes its datapoints (spec §4: 1 s later) */
  onChanged: () => void;
};

/**
 * Parts of the screen that other features build; app/ composes them in, since a feature does
 * not import another (the Media panel, and the media of a trip's events).
 */
export type EntitySlots = {
  mediaTab?: (entity: Entity) => ReactNode;
  monitoringTab?: (entity: Entity) => ReactNode;
  /** Issue 20: the asset's or driver's safety cases. */
  safetyTab?: (entity: Entity) => ReactNode;
  eventMedia?: (event: EventSlotProps) => ReactNode;
};

export const SlotsContext = createContext<EntitySlots>({});
export const useSlots = () => useContext(SlotsContext);
