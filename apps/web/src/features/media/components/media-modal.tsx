import { permissions, type MediaItem } from '@fleet/contract';
import { useId, useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { useDeleteMedium, useMediaLinks, useMedium } from '../api/media';
import { kindOf } from '../media';
import { useMediumLabel } from './labels';
import { MODAL_RATES, VideoPlayer } from './video-player';

/** Spec §9: the picture is shown at 750x421, the video player is 421 high. */
export const MODAL_WIDTH = 750;
export const MODAL_HEIGHT = 421;

/**
 * The large view of one medium (spec §2): the picture, or the video with playback rates 0.7 to
 * 2, with Download and Delete. Delete asks first; a DRIVER, whom the server refuses, is not
 * offered it.
 */
export function MediaModal({
  mediaId,
  item,
  onHide,
  onDeleted,
}: {
  mediaId: number;
  item?: MediaItem;
  onHide: () => void;
  onDeleted?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { user_role } = useAuthenticatedSession();
  const medium = useMedium(mediaId, item);
  const links = useMediaLinks(mediaId);
  const remove = useDeleteMedium();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const label = useMediumLabel();
  const data = medium.data;
  const kind = data ? kindOf(data.mimeType) : 'picture';
  const title = data
    ? `${label(data)} · ${formatDate(data.timestamp)} ${formatTime(data.timestamp)}`
    : '\u00a0';
  const failure = medium.error ?? links.error;

  const confirmDelete = () =>
    remove.mutate(mediaId, {
      onSuccess: () => {
        notify(t('media.modal.deleted', { kind: t(`media.kind.${kind}`) }), { type: 'success' });
        onDeleted?.(mediaId);
        onHide();
      },
    });

  return (
    <Modal show onHide={onHide} size="lg" centered aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('media.modal.close')}>
        <Modal.Title as="h2" className="fs-5" id={titleId}>
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-black d-flex justify-content-center">
        {failure ? (
          <Alert variant="danger" className="m-3 w-100">
            {t('media.modal.loadFailed', { message: errorText(failure) })}
          </Alert>
        ) : !data || !links.data ? (
          <div
            className="d-flex align-items-center justify-content-center"
            style={{ width: MODAL_WIDTH, height: MODAL_HEIGHT }}
          >
            <Spinner variant="light" size="sm" />
          </div>
        ) : kind === 'video' ? (
          <div style={{ width: MODAL_WIDTH, maxWidth: '100%' }} className="bg-body">
            <VideoPlayer
              mediaId={mediaId}
              src={links.data.inline}
              poster={links.data.thumbnail}
              rates={MODAL_RATES}
              height={MODAL_HEIGHT}
              label={label(data)}
              autoPlay
            />
          </div>
        ) : (
          <img
            src={links.data.inline}
            alt={t('media.modal.pictureAlt', {
              label: label(data),
              date: formatDate(data.timestamp),
              time: formatTime(data.timestamp),
            })}
            width={MODAL_WIDTH}
            height={MODAL_HEIGHT}
            style={{ objectFit: 'contain', maxWidth: '100%' }}
            data-testid="media-picture"
          />
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        {confirming ? (
          <div className="d-flex flex-wrap align-items-center gap-2 w-100" role="alert">
            <span className="me-auto">
              {t('media.modal.confirmDelete', { kind: t(`media.kind.${kind}`) })}
            </span>
            {remove.error && <span className="text-danger w-100">{errorText(remove.error)}</span>}
            <Button variant="outline-secondary" onClick={() => setConfirming(false)}>
              {t('media.modal.cancel')}
            </Button>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending && <Spinner size="sm" className="me-2" />}
              {t('media.modal.confirm')}
            </Button>
          </div>
        ) : (
          <>
            <div className="small text-body-secondary">{data?.fileName}</div>
            <div className="d-flex gap-2">
              {links.data ? (
                <a className="btn btn-primary" href={links.data.download} download={data?.fileName}>
                  {t('media.modal.download')}
                </a>
              ) : (
                <Button disabled>{t('media.modal.download')}</Button>
              )}
              {permissions.manageFleet(user_role) && (
                <Button variant="outline-danger" onClick={() => setConfirming(true)}>
                  {t('media.modal.delete')}
                </Button>
              )}
            </div>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
