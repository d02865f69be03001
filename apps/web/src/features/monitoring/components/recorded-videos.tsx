import type { LiveFeed } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { recordingQueryOptions } from '../api/monitoring';
import { cameraOfBit, VIDEO_SIZE } from '../monitoring';

function Recording({
  monitoringId,
  mediaId,
  camera,
  token,
}: {
  monitoringId: number;
  mediaId: number;
  camera: number;
  token: string;
}) {
  const { t } = useTranslation();
  const name = cameraOfBit(camera);
  const label = name
    ? t('monitoring.view.camera', { camera: t(`monitoring.cameras.${name}`) })
    : t('monitoring.view.unknownCamera');
  const blob = useQuery(recordingQueryOptions(monitoringId, mediaId, token));
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  // Spec §8: a media download error is logged only (the card says the recording is missing).
  useEffect(() => {
    if (blob.error) console.error('Recording download failed', blob.error);
  }, [blob.error]);
  return (
    <figure className="m-0" data-testid="recorded-video" data-camera={name ?? ''}>
      {url ? (
        <video
          src={url}
          controls
          muted
          playsInline
          width={VIDEO_SIZE.width}
          height={VIDEO_SIZE.height}
          className="bg-black mw-100 d-block"
          aria-label={label}
        />
      ) : blob.isError ? (
        <Alert variant="warning" className="mb-0">
          {t('monitoring.view.recordingFailed')}
        </Alert>
      ) : (
        <div
          className="bg-dark d-flex align-items-center justify-content-center"
          style={{ width: VIDEO_SIZE.width, height: VIDEO_SIZE.height, maxWidth: '100%' }}
        >
          <Spinner variant="light" size="sm" />
        </div>
      )}
      <figcaption className="small mt-1">{label}</figcaption>
    </figure>
  );
}

/** RECORDED: each recorded medium of the live feed, played through the token (spec §4). */
export function RecordedVideos({
  monitoringId,
  liveFeed,
  token,
}: {
  monitoringId: number;
  liveFeed: LiveFeed;
  token: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {liveFeed.recordingsPending > 0 && (
        <p className="text-body-secondary" data-testid="recordings-pending">
          <Spinner size="sm" className="me-2" aria-hidden />
          {t('monitoring.view.recordingsPending', { count: liveFeed.recordingsPending })}
        </p>
      )}
      {liveFeed.media.length === 0 && liveFeed.recordingsPending === 0 && (
        <p className="text-body-secondary mb-0">{t('monitoring.view.noRecordings')}</p>
      )}
      <div className="d-flex flex-wrap gap-3">
        {liveFeed.media.map((medium) => (
          <Recording
            key={medium.mediaId}
            monitoringId={monitoringId}
            mediaId={medium.mediaId}
            camera={medium.camera}
            token={token}
          />
        ))}
      </div>
    </>
  );
}
