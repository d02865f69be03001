import type { EntityType } from '@/config/paths';
import { useState } from 'react';
import { Alert, Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { useActiveMonitoring, useRequests, type Period } from '../api/monitoring';
import {
  camerasOfMask,
  canRequest,
  newestFirst,
  REQUEST_STATUS_VARIANT,
  requestStatus,
} from '../monitoring';
import { RequestForm } from './request-form';
import { QueryState } from './shared';

function AssetRequests({ assetId, period }: { assetId: number; period: Period }) {
  const { t } = useTranslation();
  const requests = useRequests(assetId, period);
  const active = useActiveMonitoring(assetId);
  const [open, setOpen] = useState(false);
  const allowed = active.isSuccess && canRequest(active.data, requests.data ?? []);

  return (
    <>
      {open && allowed ? (
        <RequestForm assetId={assetId} onClose={() => setOpen(false)} />
      ) : (
        <div className="mb-3">
          <Button onClick={() => setOpen(true)} disabled={!allowed} data-testid="create-request">
            {t('monitoring.request.create')}
          </Button>
          {active.isSuccess && !allowed && (
            <p className="form-text mb-0" data-testid="request-blocked">
              {t('monitoring.request.blocked')}
            </p>
          )}
        </div>
      )}
      {!requests.data ? (
        <QueryState query={requests} />
      ) : requests.data.length === 0 ? (
        <p className="text-body-secondary">{t('monitoring.noRequests')}</p>
      ) : (
        <ol className="list-unstyled timeline ms-2" aria-label={t('monitoring.tabs.requests')}>
          {newestFirst(requests.data).map((request) => {
            const status = requestStatus(request);
            const cameras = camerasOfMask(request.liveFeedCameraMask);
            return (
              <li
                key={request.id}
                className="position-relative ps-4 pb-3 border-start"
                data-testid="monitoring-request"
              >
                <span
                  className={`position-absolute translate-middle-x rounded-circle bg-${REQUEST_STATUS_VARIANT[status]}`}
                  style={{ top: 6, left: 0, width: 12, height: 12 }}
                  aria-hidden
                />
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span>{formatDate(request.timestamp)}</span>
                  <strong>{formatTime(request.timestamp)}</strong>
                  <Badge bg={REQUEST_STATUS_VARIANT[status]} data-testid="request-status">
                    {t(`monitoring.request.status.${status}`)}
                  </Badge>
                </div>
                <div className="small text-body-secondary">
                  {t('monitoring.request.every', { seconds: request.tracingFrequency })}
                  {' · '}
                  {request.liveFeed
                    ? `${t('monitoring.request.video')}${
                        cameras.length
                          ? `: ${cameras.map((c) => t(`monitoring.cameras.${c}`)).join(', ')}`
                          : ''
                      }`
                    : t('monitoring.request.noVideo')}
                  {request.requestedBy &&
                    ` · ${t('monitoring.request.by', { name: request.requestedBy })}`}
                  {request.syncedWithDevice &&
                    ` · ${t('monitoring.request.synced')} ${formatTime(request.syncedWithDevice)}`}
                  {request.reason && ` · ${request.reason}`}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}

/** The Requests tab: creation only for assets (spec §2). */
export default function RequestsTab({
  type,
  entityId,
  period,
}: {
  type: EntityType;
  entityId: number;
  period: Period;
}) {
  const { t } = useTranslation();
  if (type !== 'ASSET') return <Alert variant="info">{t('monitoring.request.driverOnly')}</Alert>;
  return <AssetRequests assetId={entityId} period={period} />;
}
