import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '@fleet/contract';
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMediaLinks } from '../api/media';
import { kindOf } from '../media';
import { PlayIcon } from './icons';
import { useMediumLabel } from './labels';
import { THUMBNAIL_RATES, VideoPlayer } from './video-player';

type Medium = { id: number; camera: number; mimeType: string };

/** The image of a thumbnail from its media link, or what stands in for it while there is none. */
function ThumbnailImage({
  medium,
  label,
  width,
  height,
}: {
  medium: { id: number; mimeType: string };
  label: string;
  width: number;
  height: number;
}) {
  const { t } = useTranslation();
  const links = useMediaLinks(medium.id);
  const box = { width, height };
  if (!links.data)
    return (
      <span
        className="d-flex align-items-center justify-content-center bg-body-secondary text-body-secondary small"
        style={box}
      >
        {links.error ? t('media.thumbnail.unavailable') : <Spinner size="sm" />}
      </span>
    );
  return (
    <span className="position-relative d-block" style={box}>
      <img
        src={links.data.thumbnail}
        alt={label}
        width={width}
        height={height}
        className="d-block"
        style={{ objectFit: 'cover' }}
        loading="lazy"
      />
      {kindOf(medium.mimeType) === 'video' && (
        <span className="position-absolute top-50 start-50 translate-middle text-white" aria-hidden>
          <PlayIcon size={Math.round(height / 3)} />
        </span>
      )}
    </span>
  );
}

/**
 * A 250x140 thumbnail labelled with the camera and 'picture' or 'video' (spec §2, §9). Clicking
 * it opens the large view; a video can also play in place, at 0.3 to 2 times its speed.
 */
export function MediaThumbnail({ medium, onOpen }: { medium: Medium; onOpen: () => void }) {
  const { t } = useTranslation();
  const label = useMediumLabel()(medium);
  const links = useMediaLinks(medium.id);
  const [playing, setPlaying] = useState(false);
  const video = kindOf(medium.mimeType) === 'video';

  return (
    <figure className="mb-0" style={{ width: THUMBNAIL_WIDTH }} data-testid="media-thumbnail">
      {playing && links.data ? (
        <VideoPlayer
          mediaId={medium.id}
          src={links.data.inline}
          rates={THUMBNAIL_RATES}
          width={THUMBNAIL_WIDTH}
          height={THUMBNAIL_HEIGHT}
          label={label}
          autoPlay
        />
      ) : (
        <button
          type="button"
          className="p-0 border-0 bg-transparent d-block rounded overflow-hidden"
          onClick={onOpen}
          aria-label={t('media.thumbnail.open', { label })}
        >
          <ThumbnailImage
            medium={medium}
            label={label}
            width={THUMBNAIL_WIDTH}
            height={THUMBNAIL_HEIGHT}
          />
        </button>
      )}
      <figcaption className="d-flex align-items-center justify-content-between small mt-1">
        <span>{label}</span>
        {video && (
          <Button
            size="sm"
            variant="link"
            className="p-0"
            onClick={() => setPlaying(!playing)}
            disabled={!links.data}
            aria-label={t(playing ? 'media.thumbnail.stopLabel' : 'media.thumbnail.playLabel', {
              label,
            })}
          >
            {t(playing ? 'media.thumbnail.stop' : 'media.thumbnail.play')}
          </Button>
        )}
      </figcaption>
    </figure>
  );
}

/** A small thumbnail for a list (the trip card's events): the image only, opening the large view. */
export function SmallThumbnail({
  medium,
  label,
  onOpen,
}: {
  medium: { id: number; mimeType: string };
  label: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="p-0 border-0 bg-transparent rounded overflow-hidden"
      onClick={onOpen}
      aria-label={t('media.thumbnail.open', { label })}
      title={label}
      data-testid="event-media-thumbnail"
    >
      <ThumbnailImage medium={medium} label={label} width={80} height={45} />
    </button>
  );
}
