import '../locales/review/register';
import type { SafetyActionInput } from '@fleet/contract';
import { useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import { PeriodFilter } from '@/components/period-filter';
import { choosePeriod, filterStore, useFilter } from '@/lib/filter';
import { useBulkAction, useCoaches } from '../api/cases';
import { pageCount } from '../inbox-state';
import { ActionDialog } from './action-dialog';
import { CaseList } from './case-list';
import { BulkBar, InboxFilters, StatusTabs } from './inbox-parts';
import { QueryState } from './shared';
import { useInbox, type Inbox } from './use-inbox';

type BulkAction = 'DISMISS' | 'COACH';

/**
 * No case in the period: the shared period starts as Today, and a new day often has none yet,
 * so the inbox offers the year at one click (the cases of this morning stay under Today).
 */
function EmptyInbox() {
  const { t } = useTranslation();
  const filter = useFilter();
  return (
    <div className="text-body-secondary" data-testid="cases-empty">
      <p className="mb-2">{t('safety.inbox.none')}</p>
      {filter.period !== 'THIS_YEAR' && (
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => filterStore.set(choosePeriod(filter, 'THIS_YEAR', new Date()))}
        >
          {t('safety.inbox.showYear')}
        </Button>
      )}
    </div>
  );
}

/** The dialog of a bulk action: all or nothing; a refusal names the case and why. */
function BulkDialog({
  inbox,
  action,
  onHide,
}: {
  inbox: Inbox;
  action: BulkAction;
  onHide: () => void;
}) {
  const { t } = useTranslation();
  const bulk = useBulkAction(inbox.organisationId);
  const coaches = useCoaches(inbox.organisationId, action === 'COACH');
  const [refusal, setRefusal] = useState<string | null>(null);
  const caseIds = [...inbox.selected];
  const submit = (input: SafetyActionInput) =>
    bulk.mutate(
      { ...input, caseIds },
      {
        onSuccess: (result) => {
          const [first] = result.refusals;
          if (first)
            return setRefusal(
              t('safety.bulk.refused', { id: first.caseId, message: first.message }),
            );
          notify(t('safety.bulk.applied', { count: result.applied }), { type: 'success' });
          inbox.clearSelection();
          onHide();
        },
      },
    );
  return (
    <ActionDialog
      action={action}
      coaches={coaches.data ?? []}
      subject={t('safety.bulk.selected', { count: caseIds.length })}
      pending={bulk.isPending}
      error={bulk.error ?? (refusal ? new Error(refusal) : null)}
      onSubmit={submit}
      onHide={onHide}
    />
  );
}

/**
 * The safety inbox (issue 20 §4): the organisation's cases with the period filter and group,
 * tabs per status with their counts, filters by event type, asset, driver and clip; attention
 * first, 10 a page with the total; bulk dismissal and coaching of the rows selected.
 */
export function InboxScreen() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const { state, page, counts } = inbox;
  const total = page.data?.total ?? 0;

  return (
    <>
      <PageHeader title={t('safety.inbox.title')} subtitle={t('safety.inbox.subtitle')} />
      <PeriodFilter groups />
      {!inbox.validPeriod && <Alert variant="warning">{t('safety.inbox.invalidPeriod')}</Alert>}
      <StatusTabs
        status={state.status}
        counts={counts.data}
        onChange={(status) => inbox.change({ status })}
      />
      <InboxFilters organisationId={inbox.organisationId} state={state} onChange={inbox.change} />
      <BulkBar
        count={inbox.selected.size}
        onDismiss={() => setBulk('DISMISS')}
        onCoach={() => setBulk('COACH')}
        onClear={inbox.clearSelection}
      />
      {!page.data ? (
        <QueryState query={page} />
      ) : page.data.items.length === 0 ? (
        <EmptyInbox />
      ) : (
        <div aria-busy={page.isPlaceholderData}>
          <CaseList
            cases={page.data.items}
            queue={inbox.queue}
            selection={{ selected: inbox.selected, onChange: inbox.select }}
          />
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span className="text-body-secondary" data-testid="cases-total">
          {page.data && t('safety.inbox.total', { count: total })}
        </span>
        <Pager
          page={state.page}
          pages={pageCount(total)}
          onChange={(next) => inbox.change({ page: next })}
          label={t('safety.inbox.pages')}
        />
      </div>
      {bulk && <BulkDialog inbox={inbox} action={bulk} onHide={() => setBulk(null)} />}
    </>
  );
}
