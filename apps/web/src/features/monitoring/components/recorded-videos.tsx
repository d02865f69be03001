import type { LiveFeed } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { recordingQueryOptions } from '../api/monitoring';
import { cameraOfBit, posterUrl, VIDEO_SIZE } from '../monitoring';
import { VideoGrid } from './video-grid';

/** One recording, played through the token; a poster with its camera's name until it plays. */
function Recording({
  monitoringId,
  mediaId,
  label,
  token,
}: {
  monitoringId: number;
  mediaId: number;
  label: string;
  token: string;
}) {
  const { t } = useTranslation();
  const blob = useQuery(recordingQueryOptions(monitoringId, mediaId, token));
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  const poster = useMemo(() => posterUrl(label), [label]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  // Spec §8: a media download error is logged only (the card says the recording is missing).
  useEffect(() => {
    if (blob.error) console.error('Recording download failed', blob.error);
  }, [blob.error]);
  if (url)
    return (
      <video
        src={url}
        poster={poster}
        controls
        muted
        playsInline
        preload="metadata"
        width={VIDEO_SIZE.width}
        height={VIDEO_SIZE.height}
        className="monitoring-video"
        aria-label={label}
      />
    );
  if (blob.isError)
    return (
      <Alert variant="warning" className="mb-0">
        {t('monitoring.view.recordingFailed')}
      </Alert>
    );
  return (
    <div className="monitoring-video monitoring-video-placeholder">
      <Spinner variant="light" size="sm" />
    </div>
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
  // Labelled as the live feeds are: the camera's name ('FRONT'), as the camera published it.
  const labelOf = (camera: number) => cameraOfBit(camera) ?? t('monitoring.view.unknownCamera');
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
      <VideoGrid
        tiles={liveFeed.media.map((medium) => ({
          key: medium.mediaId,
          label: labelOf(medium.camera),
          camera: cameraOfBit(medium.camera) ?? '',
          testId: 'recorded-video',
          media: (
            <Recording
              monitoringId={monitoringId}
              mediaId={medium.mediaId}
              label={labelOf(medium.camera)}
              token={token}
            />
          ),
        }))}
      />
    </>
  );
}
