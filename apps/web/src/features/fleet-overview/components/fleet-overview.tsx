import { useMemo } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { errorText } from '@/lib/api-client';
import '@/locales/dashboards/register';
import { useFleet } from '../api/get-fleet';
import { useSubtreeFleet } from '../api/get-subtree-fleet';
import { useOrganisations } from '@/lib/api/get-organisations';
import { subtreeIds } from '@/lib/organisation-tree';
import { paginate } from '@/lib/paginate';
import { cardOrganisations, fleetCards, type FleetOrganisation } from '../fleet';
import { FleetCard } from './fleet-card';

/**
 * An OEM or reseller whose own organisation has no assets lands on the fleet of the
 * organisations below it (the fleet call's entities flag), told so, with a way to open each one
 * (issue 19 §7, docs/screens.md).
 */
function useShownFleet(organisationId: number) {
  const own = useFleet(organisationId);
  const ownCards = useMemo(() => fleetCards(own.data ?? []), [own.data]);
  const organisations = useOrganisations();
  const hasBelow = useMemo(
    () => subtreeIds(organisations.data ?? [], organisationId).size > 1,
    [organisations.data, organisationId],
  );
  const ownEmpty = own.isSuccess && !ownCards.length;
  const subtree = useSubtreeFleet(organisationId, ownEmpty && hasBelow);
  const subtreeCards = useMemo(() => fleetCards(subtree.data ?? []), [subtree.data]);
  const below = useMemo(
    () => cardOrganisations(subtreeCards, organisations.data ?? []),
    [subtreeCards, organisations.data],
  );
  const refresh = () => {
    void own.refetch();
    if (ownEmpty && hasBelow) void subtree.refetch();
  };
  const fetching = own.isFetching || subtree.isFetching;
  if (!(ownEmpty && hasBelow))
    // An empty own fleet is only said once it is known whether there are organisations below.
    return {
      fleet: own,
      cards: ownCards,
      below: [],
      pending: own.isPending || (ownEmpty && organisations.isPending),
      refresh,
      fetching,
    };
  return {
    fleet: subtree,
    cards: subtreeCards,
    below,
    pending: subtree.isPending,
    refresh,
    fetching,
  };
}

function SubtreeNotice({
  title,
  below,
  onOpen,
}: {
  title: string;
  below: FleetOrganisation[];
  onOpen?: (organisationId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert variant="info" data-testid="fleet-subtree">
      <p className="mb-2">{t('fleetOverview.subtree', { organisation: title })}</p>
      <div className="d-flex flex-wrap gap-2">
        {below.map((organisation) => (
          <Button
            key={organisation.id}
            size="sm"
            variant="outline-primary"
            onClick={() => onOpen?.(organisation.id)}
            disabled={!onOpen}
          >
            {t('fleetOverview.openOrganisation', {
              name: organisation.name,
              count: organisation.count,
            })}
          </Button>
        ))}
      </div>
    </Alert>
  );
}

/**
 * The fleet overview (spec §2): a card per asset with a device, newest data first, 10 per page
 * (spec §9), so a fleet of a thousand renders ten cards and geocodes twenty places at a time. The
 * page is in the address (?page=), so Back from a detail page returns to it.
 */
export function FleetOverview({
  organisationId,
  title,
  onOpenOrganisation,
}: {
  organisationId: number;
  title: string;
  /** switches to an organisation below (the organisation switch of the app) */
  onOpenOrganisation?: (organisationId: number) => void;
}) {
  const { t } = useTranslation();
  const { fleet, cards, below, pending, refresh, fetching } = useShownFleet(organisationId);
  const names = useMemo(() => new Map(below.map((o) => [o.id, o.name])), [below]);
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
          <Button variant="outline-primary" onClick={refresh} disabled={fetching}>
            {fetching && <Spinner size="sm" className="me-2" aria-hidden />}
            {t('fleetOverview.refresh')}
          </Button>
        }
      />
      {pending ? (
        <Spinner role="status" />
      ) : fleet.isError ? (
        <Alert variant="danger">
          {t('fleetOverview.loadFailed', { message: errorText(fleet.error) })}
        </Alert>
      ) : cards.length === 0 ? (
        <p className="text-body-secondary">{t('fleetOverview.empty')}</p>
      ) : (
        <>
          {below.length > 0 && (
            <SubtreeNotice title={title} below={below} onOpen={onOpenOrganisation} />
          )}
          <div
            className="row row-cols-1 row-cols-lg-2 row-cols-xxl-3 g-3 mb-3 align-items-start"
            data-testid="fleet-cards"
          >
            {items.map((entry) => (
              <div className="col" key={entry.assetId}>
                <FleetCard entry={entry} organisation={names.get(entry.organisationId)} />
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
