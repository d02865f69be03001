import { useEffect, useId, useRef, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mediaLinksOptions } from '../api/media';

/** Playback rates (spec §9): the modal's player, and the smaller one on a thumbnail. */
export const MODAL_RATES = [0.7, 1, 1.5, 2] as const;
export const THUMBNAIL_RATES = [0.3, 0.5, 0.7, 1, 1.5, 2] as const;

/**
 * A video from its media link, with a playback-speed choice. The address is kept for as long as
 * the video plays; when it fails (the link expired while paused, say) the player asks for a new
 * link and goes on where it was.
 */
export function VideoPlayer({
  mediaId,
  src,
  rates,
  width,
  height,
  label,
  autoPlay = false,
  poster,
}: {
  mediaId: number;
  src: string;
  rates: readonly number[];
  width?: number | string;
  height: number;
  label: string;
  autoPlay?: boolean;
  poster?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState(src);
  const [rate, setRate] = useState(1);
  const resume = useRef<{ time: number; playing: boolean } | null>(null);
  const retried = useRef(false);

  useEffect(() => {
    if (video.current) video.current.playbackRate = rate;
  }, [rate, source]);

  const renew = async () => {
    const element = video.current;
    if (!element || retried.current) return;
    retried.current = true;
    resume.current = { time: element.currentTime, playing: !element.paused };
    await client.invalidateQueries({ queryKey: mediaLinksOptions(mediaId).queryKey });
    const links = await client.fetchQuery(mediaLinksOptions(mediaId)).catch(() => null);
    if (!links) return;
    // The same address again (the link was fine: a network failure) loads again too.
    if (links.inline === source) element.load();
    else setSource(links.inline);
  };

  return (
    <div>
      <video
        ref={video}
        src={source}
        poster={poster}
        controls
        autoPlay={autoPlay}
        preload="metadata"
        width={width}
        height={height}
        className="bg-black d-block"
        style={{ width: width ?? '100%', height, objectFit: 'contain' }}
        aria-label={label}
        data-testid="video-player"
        onError={() => void renew()}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          element.playbackRate = rate;
          if (resume.current) {
            element.currentTime = resume.current.time;
            if (resume.current.playing) void element.play().catch(() => undefined);
            resume.current = null;
          }
        }}
        onPlaying={() => (retried.current = false)}
      />
      <Form.Group controlId={`${id}-rate`} className="d-flex align-items-center gap-2 mt-1">
        <Form.Label className="small mb-0 text-body-secondary">
          {t('media.player.speed')}
        </Form.Label>
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          value={rate}
          onChange={(event) => setRate(Number(event.target.value))}
          data-testid="playback-rate"
        >
          {rates.map((r) => (
            <option key={r} value={r}>
              {t('media.player.rate', { rate: r })}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}
