import { useMemo } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { errorText } from '@/lib/api-client';
import '@/locales/dashboards/register';
import { useFleet } from '../api/get-fleet';
import { paginate } from '@/lib/paginate';
import { fleetCards } from '../fleet';
import { FleetCard } from './fleet-card';

/**
 * The fleet overview (spec §2): a card per asset with a device, newest data first, 10 per page
 * (spec §9), so a fleet of a thousand renders ten cards and geocodes twenty places at a time. The
 * page is in the address (?page=), so Back from a detail page returns to it.
 */
export function FleetOverview({
  organisationId,
  title,
}: {
  organisationId: number;
  title: string;
}) {
  const { t } = useTranslation();
  const fleet = useFleet(organisationId);
  const cards = useMemo(() => fleetCards(fleet.data ?? []), [fleet.data]);
  const [search, setSearch] = useSearchParams();
  const { page, pages, first, items } = paginate(cards, Number(search.get('page') ?? 1));
  const goTo = (next: number) => {
    setSearch(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('fleetOverview.subtitle')}
        actions={
          <Button
            variant="outline-primary"
            onClick={() => void fleet.refetch()}
            disabled={fleet.isFetching}
          >
            {fleet.isFetching && <Spinner size="sm" className="me-2" aria-hidden />}
            {t('fleetOverview.refresh')}
          </Button>
        }
      />
      {fleet.isPending ? (
        <Spinner role="status" />
      ) : fleet.isError ? (
        <Alert variant="danger">
          {t('fleetOverview.loadFailed', { message: errorText(fleet.error) })}
        </Alert>
      ) : cards.length === 0 ? (
        <p className="text-body-secondary">{t('fleetOverview.empty')}</p>
      ) : (
        <>
          <div
            className="row row-cols-1 row-cols-lg-2 row-cols-xxl-3 g-3 mb-3 align-items-start"
            data-testid="fleet-cards"
          >
            {items.map((entry) => (
              <div className="col" key={entry.assetId}>
                <FleetCard entry={entry} />
              </div>
            ))}
          </div>
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
            <span className="small text-body-secondary">
              {t('fleetOverview.shown', {
                first: first + 1,
                last: first + items.length,
                count: cards.length,
              })}
            </span>
            <Pager page={page} pages={pages} onChange={goTo} label={t('fleetOverview.pages')} />
          </div>
        </>
      )}
    </>
  );
}
