import { useEffect, useRef } from 'react';
import { Alert, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { VIDEO_SIZE, type LiveStream } from '../monitoring';
import { useLiveRoom, type Room } from './use-live-room';
import { VideoGrid } from './video-grid';

/** One feed's video; clicking it asks for a better picture (spec §2). */
function StreamVideo({
  media,
  label,
  onClick,
}: {
  media: MediaStream | undefined;
  label: string;
  onClick: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== (media ?? null)) {
      video.current.srcObject = media ?? null;
      if (media) void video.current.play().catch(() => {});
    }
  }, [media]);
  return (
    <button type="button" className="monitoring-video-button" onClick={onClick} aria-label={label}>
      <video
        ref={video}
        autoPlay
        muted
        playsInline
        width={VIDEO_SIZE.width}
        height={VIDEO_SIZE.height}
        className="monitoring-video"
      />
    </button>
  );
}

/** LIVE: the cameras of an active monitoring; clicking one asks for a better picture. */
export default function LiveVideo({
  room,
  cameraLabel,
  onEnhance,
}: {
  room: Room;
  cameraLabel: (stream: LiveStream) => string;
  onEnhance: (stream: LiveStream) => void;
}) {
  const { t } = useTranslation();
  const { status, streams, media } = useLiveRoom(room);
  if (status === 'failed')
    return (
      <Alert variant="warning" className="mb-0" data-testid="live-failed">
        {t('monitoring.view.liveFailed')}
      </Alert>
    );
  return (
    <>
      {streams.length === 0 ? (
        <p className="text-body-secondary mb-0" data-testid="live-waiting">
          <Spinner size="sm" className="me-2" aria-hidden />
          {status === 'connecting'
            ? t('monitoring.view.connecting')
            : t('monitoring.view.waitingForCameras')}
        </p>
      ) : (
        <p className="small text-body-secondary mb-2">{t('monitoring.view.enhanceHint')}</p>
      )}
      <VideoGrid
        tiles={streams.map((stream) => ({
          key: stream.feed,
          label: stream.display,
          camera: stream.camera ?? stream.display,
          testId: 'live-video',
          media: (
            <StreamVideo
              media={media.get(stream.feed)}
              label={`${t('monitoring.view.enhance')}: ${cameraLabel(stream)}`}
              onClick={() => onEnhance(stream)}
            />
          ),
        }))}
      />
    </>
  );
}
