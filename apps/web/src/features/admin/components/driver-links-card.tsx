import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Timeline, TimelineEntry } from '@/components/timeline';
import { formatDateTime } from '@/lib/fleet-time';
import { driverLinksOptions, useDriver } from '../api';
import { laneSegments, linkDuration } from '../driver-links';
import { AssetPeriodForm, QueryStatus, type AssetPeriod } from './asset-period-form';

/** Driver links (GET /admin-api/assets/{id}/driverlinks) of an asset over a period, as a timeline. */
export function DriverLinksCard() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AssetPeriod | null>(null);
  const query = useQuery({
    ...driverLinksOptions(shown?.assetId ?? 0, shown?.window ?? { from: '', until: '' }),
    enabled: shown !== null,
  });
  const links = query.data ?? [];
  const window = shown?.window;
  const segments = window ? laneSegments(links, window) : [];

  return (
    <Card className="h-100" data-testid="driverlinks-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.driverLinks.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.driverLinks.text')}</p>
        <AssetPeriodForm
          label={t('admin.driverLinks.title')}
          busy={query.isFetching}
          onShow={setShown}
        />

        <QueryStatus shown={shown !== null} query={query} />
        {query.data && window && (
          <div className="mt-3">
            {links.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('admin.driverLinks.none')}</p>
            ) : (
              <>
                {/* The period as one lane: who was linked when. */}
                <div
                  className="position-relative bg-body-tertiary border rounded mb-1"
                  style={{ height: 24 }}
                  role="img"
                  aria-label={t('admin.driverLinks.lane')}
                  data-testid="driverlinks-lane"
                >
                  {segments.map((segment) => (
                    <div
                      key={segment.link.id}
                      className={`position-absolute top-0 bottom-0 rounded ${segment.open ? 'bg-success' : 'bg-primary'}`}
                      style={{
                        left: `${segment.left}%`,
                        width: `max(${segment.width}%, 2px)`,
                        opacity: 0.8,
                      }}
                    >
                      <DriverName driverId={segment.link.driverId} hidden />
                    </div>
                  ))}
                </div>
                <div className="d-flex justify-content-between small text-body-secondary mb-3">
                  <span>{formatDateTime(window.from)}</span>
                  <span>{formatDateTime(window.until)}</span>
                </div>
                <Timeline label={t('admin.driverLinks.title')} testId="driverlinks-timeline">
                  {[...links]
                    .sort((a, b) => Date.parse(b.from) - Date.parse(a.from))
                    .map((link) => (
                      <TimelineEntry
                        key={link.id}
                        variant={link.until === null ? 'success' : 'primary'}
                      >
                        <div className="fw-semibold">
                          <DriverName driverId={link.driverId} />
                        </div>
                        <div className="small">
                          {formatDateTime(link.from)} –{' '}
                          {link.until === null
                            ? t('admin.driverLinks.open')
                            : formatDateTime(link.until)}
                          <span className="text-body-secondary ms-2">
                            ({t('admin.driverLinks.duration', linkDuration(link, window))})
                          </span>
                        </div>
                      </TimelineEntry>
                    ))}
                </Timeline>
              </>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** A driver's name (its id until it is loaded, or if it cannot be). */
function DriverName({ driverId, hidden }: { driverId: number; hidden?: boolean }) {
  const { t } = useTranslation();
  const { data } = useDriver(driverId);
  const name = data
    ? `${data.firstName} ${data.lastName}`.trim()
    : t('admin.driverLinks.driver', { id: driverId });
  return hidden ? <span className="visually-hidden">{name}</span> : <>{name}</>;
}
