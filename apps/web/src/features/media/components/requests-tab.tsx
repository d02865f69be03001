import '../locales/register';
import { permissions, type MediaItem, type MediaRequest } from '@fleet/contract';
import { useState } from 'react';
import { Badge, Button, Card, Collapse, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { EntityType } from '@/config/paths';
import { Pager } from '@/components/pager';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { formatDate, formatDateTime, formatTime } from '@/lib/fleet-time';
import { paginate } from '@/lib/paginate';
import { useMediaRequests, useRequestedMedia } from '../api/media-requests';
import { availabilityBadge, camerasOfMask, requestState } from '../media';
import { defaultRequestForm } from '../request-form';
import { MediaModal } from './media-modal';
import { MediaThumbnail } from './media-thumbnail';
import { MediaRequestForm } from './request-form';
import { QueryState, TimelineDot, usePeriod } from './shared';

const STATE_BADGE = { waiting: 'secondary', synced: 'info', settled: 'success' } as const;

/** Each requested camera: where it stands, in words, and its thumbnail once it is there. */
function Availability({
  request,
  onOpen,
}: {
  request: MediaRequest;
  onOpen: (item: MediaItem) => void;
}) {
  const { t } = useTranslation();
  const query = useRequestedMedia(request, true);
  if (!query.data) return <QueryState query={query} />;
  return (
    <ul className="list-unstyled mb-0 d-flex flex-column gap-2" data-testid="availability">
      {query.data.map((camera) => {
        const name = camerasOfMask(camera.camera)[0];
        return (
          <li key={camera.camera} className="d-flex flex-wrap align-items-start gap-2">
            <span style={{ minWidth: '4.5rem' }}>
              {name ? t(`media.cameras.${name}`) : camera.camera}
            </span>
            <Badge bg={availabilityBadge(camera.availability)} data-testid="availability-state">
              {t(`media.requests.availabilities.${camera.availability}`)}
            </Badge>
            {camera.reason && (
              <span className="small text-body-secondary">
                {t('media.requests.reason', { reason: camera.reason })}
              </span>
            )}
            {camera.media && (
              <div className="w-100">
                <MediaThumbnail medium={camera.media} onOpen={() => onOpen(camera.media!)} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Entry({ request, onOpen }: { request: MediaRequest; onOpen: (item: MediaItem) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const state = requestState(request);
  const cameras = camerasOfMask(request.cameraMask)
    .map((c) => t(`media.cameras.${c}`))
    .join(', ');
  return (
    <li
      className="position-relative ps-4 pb-4"
      data-testid="media-request"
      data-request-id={request.id}
    >
      <TimelineDot variant={STATE_BADGE[state]} />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{formatDate(request.timestamp)}</span>
        <strong>{formatTime(request.timestamp)}</strong>
        <Badge bg={STATE_BADGE[state]} data-testid="media-request-state">
          {t(`media.requests.states.${state}`)}
        </Badge>
        {state === 'synced' && <Spinner size="sm" aria-hidden />}
      </div>
      <dl className="row small mb-1 mt-2" style={{ maxWidth: 640 }}>
        <dt className="col-sm-4 fw-normal text-body-secondary">{t('media.requests.mediaType')}</dt>
        <dd className="col-sm-8 mb-1">
          {request.mediaType === 'VIDEO'
            ? t('media.requests.videoOf', { seconds: request.duration })
            : t('media.requests.types.PICTURE')}
        </dd>
        <dt className="col-sm-4 fw-normal text-body-secondary">{t('media.requests.moment')}</dt>
        <dd className="col-sm-8 mb-1">{formatDateTime(request.mediaTimestamp)}</dd>
        <dt className="col-sm-4 fw-normal text-body-secondary">{t('media.requests.cameras')}</dt>
        <dd className="col-sm-8 mb-1">{cameras}</dd>
        {request.requestedBy && (
          <>
            <dt className="col-sm-4 fw-normal text-body-secondary">
              {t('media.requests.requestedBy')}
            </dt>
            <dd className="col-sm-8 mb-1">{request.requestedBy}</dd>
          </>
        )}
        {request.syncedWithDevice && (
          <>
            <dt className="col-sm-4 fw-normal text-body-secondary">{t('media.requests.synced')}</dt>
            <dd className="col-sm-8 mb-1">{formatDateTime(request.syncedWithDevice)}</dd>
          </>
        )}
      </dl>
      {/* Spec §4: the Availability button shows once the request is synced with the device. */}
      {request.syncedWithDevice ? (
        <>
          <Button
            size="sm"
            variant={open ? 'secondary' : 'outline-secondary'}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            {t('media.requests.availability')}
          </Button>
          <Collapse in={open} mountOnEnter>
            <div>
              <div className="pt-2">
                <Availability request={request} onOpen={onOpen} />
              </div>
            </div>
          </Collapse>
        </>
      ) : (
        <div className="small text-body-secondary">{t('media.requests.notSynced')}</div>
      )}
    </li>
  );
}

/**
 * Spec §2 Requests tab: the 'Create media request' form (not for DRIVER, whom the server
 * refuses) and the period's requests, newest first; a request still under way updates itself.
 */
export default function RequestsTab({ type, entityId }: { type: EntityType; entityId: number }) {
  const { t } = useTranslation();
  const { user_role } = useAuthenticatedSession();
  const period = usePeriod();
  const query = useMediaRequests(type, entityId, period);
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<MediaItem | null>(null);
  const requests = query.data ?? [];
  const { page: current, pages, items: shown } = paginate(requests, page);

  return (
    <>
      {permissions.manageFleet(user_role) &&
        (creating ? (
          <Card className="mb-3">
            <Card.Header as="h2" className="fs-6">
              {t('media.requests.create')}
            </Card.Header>
            <Card.Body>
              <MediaRequestForm
                type={type}
                entityId={entityId}
                initial={defaultRequestForm()}
                onSent={() => {
                  setCreating(false);
                  setPage(1);
                  notify(t('media.requests.sent'), { type: 'success' });
                }}
                onCancel={() => setCreating(false)}
              />
            </Card.Body>
          </Card>
        ) : (
          <Button className="mb-3" onClick={() => setCreating(true)}>
            {t('media.requests.create')}
          </Button>
        ))}
      {query.error && query.data && <p className="small text-danger">{errorText(query.error)}</p>}
      {!query.data ? (
        <QueryState query={query} />
      ) : requests.length === 0 ? (
        <p className="text-body-secondary" data-testid="media-requests-empty">
          {t('media.requests.none')}
        </p>
      ) : (
        <ul className="list-unstyled border-start border-2 ms-2 mb-0" data-testid="media-requests">
          {shown.map((request) => (
            <Entry key={request.id} request={request} onOpen={setOpen} />
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Pager page={current} pages={pages} onChange={setPage} label={t('media.requests.pages')} />
      </div>
      {open && <MediaModal mediaId={open.id} item={open} onHide={() => setOpen(null)} />}
    </>
  );
}
