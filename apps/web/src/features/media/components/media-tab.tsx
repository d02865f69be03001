import type { MediaItem } from '@fleet/contract';
import { useMemo, useState } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu';
import type { EntityType } from '@/config/paths';
import { Pager } from '@/components/pager';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { paginate } from '@/lib/paginate';
import { exportAssetMedia, useMediaList } from '../api/media';
import { groupMedia, reasonBadge, type MediaGroup } from '../media';
import { useReasonLabel } from './labels';
import { MediaModal } from './media-modal';
import { MediaThumbnail } from './media-thumbnail';
import { QueryState, TimelineDot, usePeriod } from './shared';

function Entry({ group, onOpen }: { group: MediaGroup; onOpen: (item: MediaItem) => void }) {
  const reason = useReasonLabel();
  const badge = reasonBadge(group.transferReason);
  return (
    <li className="position-relative ps-4 pb-4" data-testid="media-entry">
      <TimelineDot variant={badge} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span>{formatDate(group.timestamp)}</span>
        <strong>{formatTime(group.timestamp)}</strong>
        <Badge bg={badge}>{reason(group.transferReason)}</Badge>
      </div>
      <div className="d-flex flex-wrap gap-3">
        {group.items.map((item) => (
          <MediaThumbnail key={item.id} medium={item} onOpen={() => onOpen(item)} />
        ))}
      </div>
    </li>
  );
}

/**
 * Spec §2 Media tab: the period's media as a timeline grouped by datapoint (moment and transfer
 * reason), newest first, 10 datapoints a page; a thumbnail opens the large view.
 */
export function MediaTab({ type, entityId }: { type: EntityType; entityId: number }) {
  const { t } = useTranslation();
  const period = usePeriod();
  const query = useMediaList(type, entityId, period);
  const groups = useMemo(() => groupMedia(query.data ?? []), [query.data]);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const { page: current, pages, items: shown } = paginate(groups, page);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Button
          size="sm"
          variant="outline-primary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('media.refresh')}
        </Button>
        {type === 'ASSET' && (
          <ExportMenu
            onExport={(format, onProgress) =>
              exportAssetMedia(entityId, period, format, onProgress)
            }
          />
        )}
      </div>
      {!query.data ? (
        <QueryState query={query} />
      ) : groups.length === 0 ? (
        <p className="text-body-secondary" data-testid="media-empty">
          {t('media.none')}
        </p>
      ) : (
        <ul className="list-unstyled border-start border-2 ms-2 mb-0" data-testid="media-timeline">
          {shown.map((group) => (
            <Entry key={group.key} group={group} onOpen={setOpen} />
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Pager page={current} pages={pages} onChange={setPage} label={t('media.pages')} />
      </div>
      {open && <MediaModal mediaId={open.id} item={open} onHide={() => setOpen(null)} />}
    </>
  );
}
