import '@/features/media/locales/register';
import { endpoints, type MediaItem, type SafetyCaseDetail } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { mediaLinksOptions } from '@/features/media/api/media';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { useMediumLabel } from '@/features/media/components/labels';
import { MediaModal, MODAL_HEIGHT } from '@/features/media/components/media-modal';
import { MediaThumbnail } from '@/features/media/components/media-thumbnail';
import { MODAL_RATES, VideoPlayer } from '@/features/media/components/video-player';
import { kindOf } from '@/features/media/media';

/** The medium's links made out for the case, so the footage audit names the case it was seen in. */
function useCaseMediaLinks(mediaId: number, caseId: number) {
  const input = { params: { id: mediaId }, query: { caseId } };
  return useQuery({
    ...mediaLinksOptions(mediaId),
    queryKey: endpointKey(endpoints.media.links, input),
    queryFn: () => api.call(endpoints.media.links, input),
  });
}

/**
 * The medium a reviewer sees first: the clip, playing at once (muted: a browser lets a page
 * start a silent video on its own, not one with sound), or the picture.
 */
function Lead({ medium, caseId }: { medium: MediaItem; caseId: number }) {
  const { t } = useTranslation();
  const links = useCaseMediaLinks(medium.id, caseId);
  const label = useMediumLabel()(medium);
  const box = useRef<HTMLDivElement>(null);
  const video = kindOf(medium.mimeType) === 'video';
  useLayoutEffect(() => {
    const element = box.current?.querySelector('video');
    if (element) element.muted = element.defaultMuted = true;
  }, [links.data]);
  if (!links.data)
    return (
      <div
        className="d-flex align-items-center justify-content-center bg-black text-white"
        style={{ height: MODAL_HEIGHT }}
      >
        {links.error ? t('media.thumbnail.unavailable') : <Spinner size="sm" variant="light" />}
      </div>
    );
  if (!video)
    return (
      <img
        src={links.data.inline}
        alt={label}
        className="d-block w-100 bg-black"
        style={{ height: MODAL_HEIGHT, objectFit: 'contain' }}
        data-testid="case-picture"
      />
    );
  return (
    <div ref={box} data-testid="case-clip">
      <VideoPlayer
        mediaId={medium.id}
        src={links.data.inline}
        poster={links.data.thumbnail}
        rates={MODAL_RATES}
        height={MODAL_HEIGHT}
        label={label}
        autoPlay
      />
    </div>
  );
}

/** The case's footage: the first clip (else picture) large, every medium as a thumbnail under it. */
function CaseMedia({ item }: { item: SafetyCaseDetail }) {
  const [open, setOpen] = useState<MediaItem | null>(null);
  const lead = item.media.find((m) => kindOf(m.mimeType) === 'video') ?? item.media[0];
  if (!lead) return null;
  return (
    <>
      <Lead key={lead.id} medium={lead} caseId={item.id} />
      {item.media.length > 1 && (
        <div className="d-flex flex-wrap gap-2 mt-2">
          {item.media.map((medium) => (
            <MediaThumbnail key={medium.id} medium={medium} onOpen={() => setOpen(medium)} />
          ))}
        </div>
      )}
      {open && <MediaModal mediaId={open.id} item={open} onHide={() => setOpen(null)} />}
    </>
  );
}

export const caseMedia = (item: SafetyCaseDetail) => <CaseMedia item={item} />;
