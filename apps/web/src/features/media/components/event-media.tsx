import '../locales/register';
import { permissions } from '@fleet/contract';
import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { useAuthenticatedSession } from '@/lib/auth';
import { formatDateTime } from '@/lib/fleet-time';
import { useMedium } from '../api/media';
import { kindOf } from '../media';
import { defaultRequestForm } from '../request-form';
import { CameraIcon, UploadIcon } from './icons';
import { useMediumLabel } from './labels';
import { MediaModal } from './media-modal';
import { SmallThumbnail } from './media-thumbnail';
import { MediaRequestForm } from './request-form';
import { UploadModal } from './upload-modal';

/** What the trip card knows of one event of its Map list. */
export type EventMediaProps = {
  assetId: number;
  /** the event's moment */
  timestamp: string;
  /** the device at that moment (the nearest datapoint's), null if none is known */
  identifier: string | null;
  /** the media of the datapoint at that moment */
  media: { id: number; mimeType: string }[];
  /** called after an upload or a delete (the trip card refreshes its datapoints) */
  onChanged: () => void;
};

function EventThumbnail({
  medium,
  onOpen,
}: {
  medium: { id: number; mimeType: string };
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const label = useMediumLabel();
  const known = useMedium(medium.id).data;
  return (
    <SmallThumbnail
      medium={medium}
      label={known ? label(known) : t(`media.kind.${kindOf(medium.mimeType)}`)}
      onOpen={onOpen}
    />
  );
}

/**
 * The media of one event in the trip card's Map list (spec §2): the camera button asks the
 * vehicle for that moment (the request form, prefilled with a front-camera picture of the
 * moment), the upload button opens 'File(s) Upload', and the moment's thumbnails open the
 * large view. A DRIVER, whom the server refuses both, sees the thumbnails only.
 */
export default function EventMedia({
  assetId,
  timestamp,
  identifier,
  media,
  onChanged,
}: EventMediaProps) {
  const { t } = useTranslation();
  const { user_role } = useAuthenticatedSession();
  const [dialog, setDialog] = useState<'request' | 'upload' | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const titleId = useId();
  const manage = permissions.manageFleet(user_role);
  const time = formatDateTime(timestamp);

  return (
    <div className="d-flex flex-column gap-1">
      {manage && (
        <div className="d-flex gap-1">
          <Button
            size="sm"
            variant="outline-secondary"
            className="py-0 px-1"
            onClick={() => setDialog('request')}
            aria-label={t('media.event.request', { time })}
            title={t('media.event.request', { time })}
            data-testid="event-request"
          >
            <CameraIcon />
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            className="py-0 px-1"
            onClick={() => setDialog('upload')}
            disabled={!identifier}
            aria-label={t('media.event.upload', { time })}
            title={identifier ? t('media.event.upload', { time }) : t('media.event.noDevice')}
            data-testid="event-upload"
          >
            <UploadIcon />
          </Button>
        </div>
      )}
      {media.length > 0 && (
        <div className="d-flex flex-wrap gap-1">
          {media.map((medium) => (
            <EventThumbnail key={medium.id} medium={medium} onOpen={() => setOpen(medium.id)} />
          ))}
        </div>
      )}
      {dialog === 'upload' && identifier && (
        <UploadModal
          identifier={identifier}
          timestamp={timestamp}
          onHide={() => setDialog(null)}
          onUploaded={(count) => {
            notify(t('media.upload.uploaded', { count }), { type: 'success' });
            onChanged();
          }}
        />
      )}
      {dialog === 'request' && (
        <Modal show onHide={() => setDialog(null)} size="lg" aria-labelledby={titleId}>
          <Modal.Header closeButton closeLabel={t('media.modal.close')}>
            <Modal.Title as="h2" className="fs-5" id={titleId}>
              {t('media.requests.create')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <MediaRequestForm
              type="ASSET"
              entityId={assetId}
              initial={defaultRequestForm(timestamp, 'PICTURE')}
              onSent={() => {
                setDialog(null);
                notify(t('media.requests.sent'), { type: 'success' });
              }}
              onCancel={() => setDialog(null)}
            />
          </Modal.Body>
        </Modal>
      )}
      {open !== null && (
        <MediaModal mediaId={open} onHide={() => setOpen(null)} onDeleted={onChanged} />
      )}
    </div>
  );
}
