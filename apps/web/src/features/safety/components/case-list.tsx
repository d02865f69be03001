import type { SafetyCase } from '@fleet/contract';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '@/config/paths';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';
import { ClipIcon, StatusBadge } from './shared';

type Selection = {
  selected: ReadonlySet<number>;
  onChange: (ids: number[], selected: boolean) => void;
};

function MediaCell({ item }: { item: SafetyCase }) {
  const { t } = useTranslation();
  if (item.hasClip)
    return (
      <span className="d-inline-flex align-items-center gap-1" data-testid="case-has-clip">
        <ClipIcon />
        {t('safety.list.clip')}
      </span>
    );
  if (item.mediaCount > 0) return <>{t('safety.list.pictures', { count: item.mediaCount })}</>;
  if (item.clipRequested)
    return <span className="text-body-secondary">{t('safety.list.clipRequested')}</span>;
  return <span className="text-body-secondary">{t('safety.list.noMedia')}</span>;
}

/**
 * Cases as a table, one row each: when, what, who, status, footage. The time opens the case
 * page with `queue` (the list's filters), so its previous and next walk the same list. With
 * `selection` each row has a check box, for the bulk actions.
 */
export function CaseList({
  cases,
  queue,
  selection,
  hide = [],
}: {
  cases: SafetyCase[];
  queue: string;
  selection?: Selection;
  /** columns the context makes redundant (the asset's own tab needs no asset column) */
  hide?: ('asset' | 'driver')[];
}) {
  const { t } = useTranslation();
  const eventLabel = useEventTypeLabel();
  const ids = cases.map((item) => item.id);
  const allSelected =
    !!selection && ids.length > 0 && ids.every((id) => selection.selected.has(id));
  const show = (column: 'asset' | 'driver') => !hide.includes(column);

  return (
    <Table responsive hover className="align-middle mb-2" aria-label={t('safety.list.label')}>
      <thead>
        <tr>
          {selection && (
            <th style={{ width: '2.5rem' }}>
              <Form.Check
                aria-label={t('safety.list.selectAll')}
                checked={allSelected}
                onChange={(event) => selection.onChange(ids, event.target.checked)}
              />
            </th>
          )}
          <th>{t('safety.list.time')}</th>
          <th>{t('safety.list.event')}</th>
          {show('asset') && <th>{t('safety.list.asset')}</th>}
          {show('driver') && <th>{t('safety.list.driver')}</th>}
          <th>{t('safety.list.status')}</th>
          <th>{t('safety.list.media')}</th>
        </tr>
      </thead>
      <tbody>
        {cases.map((item) => (
          <tr key={item.id} data-testid="case-row" data-case-id={item.id}>
            {selection && (
              <td>
                <Form.Check
                  aria-label={t('safety.list.selectCase', { id: item.id })}
                  checked={selection.selected.has(item.id)}
                  onChange={(event) => selection.onChange([item.id], event.target.checked)}
                />
              </td>
            )}
            <td className="text-nowrap">
              <Link to={hrefs.safetyCase(item.id, queue)}>
                {formatDate(item.eventTime)} <strong>{formatTime(item.eventTime)}</strong>
              </Link>
            </td>
            <td>{eventLabel(item.eventType)}</td>
            {show('asset') && (
              <td>
                <Link to={hrefs.assetDetail(item.assetId)}>{item.assetName}</Link>
              </td>
            )}
            {show('driver') && (
              <td>
                {item.driverId ? (
                  <Link to={hrefs.driverDetail(item.driverId)}>{item.driverName}</Link>
                ) : (
                  <span className="text-body-secondary">{t('safety.list.unknownDriver')}</span>
                )}
              </td>
            )}
            <td>
              <StatusBadge status={item.status} overdue={item.overdue} />
              {item.dueDate && item.status === 'NEEDS_COACHING' && (
                <div className="small text-body-secondary">
                  {t('safety.list.due', { date: item.dueDate })}
                </div>
              )}
            </td>
            <td className="text-nowrap">
              <MediaCell item={item} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
