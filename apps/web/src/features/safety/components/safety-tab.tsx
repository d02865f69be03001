import '../locales/review/register';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { useCasePage } from '../api/cases';
import { caseFilter, pageCount, pageWindow, writeQueue } from '../inbox-state';
import { CaseList } from './case-list';
import { QueryState } from './shared';
import { usePeriodQuery } from './use-inbox';

type Owner = { type: 'ASSET' | 'DRIVER'; id: number; organisationId: number };

/**
 * An asset's or a driver's Safety tab (issue 20 §4): its cases in the period the entity screen's
 * filter shows, attention first, 10 a page; the same list as the inbox, without the column the
 * entity makes redundant.
 */
export default function SafetyTab({ entity }: { entity: Owner }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { period, update } = usePeriodQuery();
  const own = entity.type === 'ASSET' ? { assetId: entity.id } : { driverId: entity.id };
  const filter = caseFilter(
    {
      status: undefined,
      eventType: undefined,
      hasClip: false,
      assetId: undefined,
      driverId: undefined,
      ...own,
    },
    period,
    'ALL',
  );
  const query = useCasePage(entity.organisationId, filter, pageWindow(page), {
    enabled: period !== null,
    mark: update,
  });
  const total = query.data?.total ?? 0;

  return (
    <div data-testid="safety-tab">
      {!query.data ? (
        <QueryState query={query} />
      ) : query.data.items.length === 0 ? (
        <p className="text-body-secondary" data-testid="cases-empty">
          {t(`safety.tab.none.${entity.type}`)}
        </p>
      ) : (
        <CaseList
          cases={query.data.items}
          queue={writeQueue(filter)}
          hide={[entity.type === 'ASSET' ? 'asset' : 'driver']}
        />
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="text-body-secondary" data-testid="cases-total">
          {query.data && t('safety.inbox.total', { count: total })}
        </span>
        <Pager
          page={page}
          pages={pageCount(total)}
          onChange={setPage}
          label={t('safety.inbox.pages')}
        />
      </div>
    </div>
  );
}
