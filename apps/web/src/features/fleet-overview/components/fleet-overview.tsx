import { useEffect, useMemo } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loading } from '@/components/loading';
import { endpoints } from '@fleet/contract';
import { ExportMenu } from '@/components/export-menu';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { errorText } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import '@/locales/dashboards/register';
import { useFleetCounts, useFleetPage } from '../api/get-fleet';
import { useOrganisations } from '@/lib/api/get-organisations';
import { subtreeIds } from '@/lib/organisation-tree';
import { askedPage, cardOrganisations, pageCount, type FleetOrganisation } from '../fleet';
import { FleetCard } from './fleet-card';

/**
 * The page of cards shown. An OEM or reseller whose own organisation has no cards lands on the
 * fleet of the organisations below it (the fleet call's entities flag), told so, with a way to
 * open each one (issue 19 §7, docs/screens.md). The server pages, sorts and counts.
 */
function useShownFleet(organisationId: number, page: number) {
  const own = useFleetPage(organisationId, page, false);
  const organisations = useOrganisations();
  const hasBelow = useMemo(
    () => subtreeIds(organisations.data ?? [], organisationId).size > 1,
    [organisations.data, organisationId],
  );
  const ownEmpty = own.isSuccess && own.data.total === 0;
  const showBelow = ownEmpty && hasBelow;
  const subtree = useFleetPage(organisationId, page, true, showBelow);
  const counts = useFleetCounts(organisationId, showBelow);
  const below = useMemo(
    () => (showBelow ? cardOrganisations(counts.data ?? [], organisations.data ?? []) : []),
    [showBelow, counts.data, organisations.data],
  );
  const refresh = () => {
    void own.refetch();
    if (showBelow) void Promise.all([subtree.refetch(), counts.refetch()]);
  };
  const fetching = own.isFetching || subtree.isFetching || counts.isFetching;
  if (!showBelow)
    // An empty own fleet is only said once it is known whether there are organisations below.
    return {
      fleet: own,
      below,
      pending: own.isPending || (ownEmpty && organisations.isPending),
      refresh,
      fetching,
    };
  return { fleet: subtree, below, pending: subtree.isPending, refresh, fetching };
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
  const [search, setSearch] = useSearchParams();
  const page = askedPage(search.get('page'));
  const { fleet, below, pending, refresh, fetching } = useShownFleet(organisationId, page);
  const names = useMemo(() => new Map(below.map((o) => [o.id, o.name])), [below]);
  // While the next page loads, the shown one stays, with its own numbers.
  const { items, offset, total } = fleet.data ?? { items: [], offset: 0, total: 0 };
  const pages = pageCount(total);
  const goTo = (next: number, replace = false) => {
    setSearch(next === 1 ? {} : { page: String(next) }, { replace });
    if (!replace) window.scrollTo({ top: 0 });
  };
  // A page past the end (fewer cards than when it was opened) shows the last one.
  const pastEnd = fleet.isSuccess && !fleet.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) goTo(pages, true);
  });

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('fleetOverview.subtitle')}
        actions={
          <>
            {/* Issue 21 §3: the cards shown (of the organisations below when those are shown). */}
            <ExportMenu
              onExport={(format, onProgress) =>
                downloadCall(
                  endpoints.exports.fleet,
                  {
                    params: { id: organisationId },
                    query: { format, ...(below.length > 0 ? { entities: true } : {}) },
                  },
                  { fallbackName: `fleet.${format}`, onProgress },
                )
              }
            />
            <Button variant="outline-primary" onClick={refresh} disabled={fetching}>
              {fetching && <Spinner size="sm" className="me-2" aria-hidden />}
              {t('fleetOverview.refresh')}
            </Button>
          </>
        }
      />
      {pending ? (
        <Loading />
      ) : fleet.isError ? (
        <Alert variant="danger">
          {t('fleetOverview.loadFailed', { message: errorText(fleet.error) })}
        </Alert>
      ) : total === 0 ? (
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
                first: Math.min(offset + 1, total),
                last: offset + items.length,
                count: total,
              })}
            </span>
            <Pager
              page={Math.min(page, pages)}
              pages={pages}
              onChange={goTo}
              label={t('fleetOverview.pages')}
            />
          </div>
        </>
      )}
    </>
  );
}
