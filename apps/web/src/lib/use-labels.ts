import type { DrivingStyleData } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import '@/locales/dashboards/register';
import { isKnownEventType, statText, type StatKey } from './driving-style-fields';

/** An event type's label from the one table (`eventTypes.*`); an unknown type as sent. */
export function useEventTypeLabel() {
  const { t } = useTranslation();
  return (eventType: string) =>
    isKnownEventType(eventType) ? t(`eventTypes.${eventType}`) : eventType;
}

/** A statistic's value as shown, with its translated unit. */
export function useStatText() {
  const { t } = useTranslation();
  return (key: StatKey, data: DrivingStyleData) =>
    statText(key, data, (unit, value) => t(`units.${unit}`, { value }));
}
