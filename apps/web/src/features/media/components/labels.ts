import { useTranslation } from 'react-i18next';
import { useEventTypeLabel } from '@/lib/use-labels';
import { cameraOf, kindOf } from '../media';

/** 'Front picture', 'Rear video' (spec §2: the camera name plus picture or video). */
export function useMediumLabel() {
  const { t } = useTranslation();
  return (medium: { camera: number; mimeType: string }) => {
    const camera = cameraOf(medium.camera);
    return t('media.label', {
      camera: camera ? t(`media.cameras.${camera}`) : String(medium.camera),
      kind: t(`media.kind.${kindOf(medium.mimeType)}`),
    });
  };
}

const OWN_REASONS = ['REQUESTED', 'UPLOADED', 'MONITORING'] as const;
type OwnReason = (typeof OWN_REASONS)[number];
const isOwnReason = (reason: string): reason is OwnReason =>
  (OWN_REASONS as readonly string[]).includes(reason);

/** A transfer reason's words: the event types' one table for events, our own for the rest. */
export function useReasonLabel() {
  const { t } = useTranslation();
  const eventType = useEventTypeLabel();
  return (reason: string): string =>
    isOwnReason(reason) ? t(`media.reasons.${reason}`) : eventType(reason);
}
