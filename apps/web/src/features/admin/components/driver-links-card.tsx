import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert, Button, Card, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Timeline, TimelineEntry } from '@/components/timeline';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { formatDateTime } from '@/lib/fleet-time';
import { driverLinksOptions, useDriver, type Window } from '../api';
import { laneSegments, linkDuration } from '../driver-links';
import { checkPeriod, periodErrors, yesterday, type PeriodDraft } from '../period';
import { AssetSelect, OrganisationSelect, PeriodFields } from './pickers';

/** Driver links (GET /admin-api/assets/{id}/driverlinks) of an asset over a period, as a timeline. */
export function DriverLinksCard() {
  const { t } = useTranslation();
  const id = useId();
  const { organisation_id } = useAuthenticatedSession();
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [assetId, setAssetId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodDraft>(() => yesterday(new Date()));
  const [shown, setShown] = useState<{ assetId: number; window: Window } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const check = checkPeriod(period);
  const query = useQuery({
    ...driverLinksOptions(shown?.assetId ?? 0, shown?.window ?? { from: '', until: '' }),
    enabled: shown !== null,
  });
  const links = query.data ?? [];
  const errors = periodErrors(check, submitted);
  const window = shown?.window;
  const segments = window ? laneSegments(links, window) : [];

  return (
    <Card className="h-100" data-testid="driverlinks-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.driverLinks.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.driverLinks.text')}</p>
        <Form
          noValidate
          aria-label={t('admin.driverLinks.title')}
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (!check.ok || assetId === undefined) return;
            setShown({ assetId, window: check.window });
          }}
        >
          <div className="row g-2">
            <div className="col-md-6">
              <OrganisationSelect
                id={`${id}-organisation`}
                value={organisationId}
                onChange={(value) => {
                  setOrganisationId(value);
                  setAssetId(undefined);
                }}
              />
            </div>
            <div className="col-md-6">
              <AssetSelect
                id={`${id}-asset`}
                organisationId={organisationId}
                value={assetId}
                onChange={setAssetId}
              />
            </div>
          </div>
          {submitted && assetId === undefined && (
            <div className="text-danger small mt-n2 mb-3">{t('admin.required')}</div>
          )}
          <PeriodFields id={`${id}-period`} value={period} onChange={setPeriod} errors={errors} />
          <Button type="submit" disabled={query.isFetching}>
            {t('admin.show')}
          </Button>
        </Form>

        {shown && query.isPending && (
          <div className="py-3 text-body-secondary" role="status">
            <Spinner size="sm" aria-hidden /> {t('admin.loading')}
          </div>
        )}
        {query.isError && (
          <Alert variant="danger" className="mt-3 mb-0">
            {t('admin.loadFailed', { message: errorText(query.error) })}
          </Alert>
        )}
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
