import { DEFAULT_PAGE_SIZE, type RawData } from '@fleet/contract';
import { formatDate, formatTime, toLocalIso } from '@/lib/fleet-time';
import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu';
import { Pager } from '@/components/pager';
import type { Entity } from '../api/get-entity';
import { exportAssetData, useRawData } from '../api/get-vehicle-data';
import { formatMetric, metricRows, reasonBadge } from '../raw-data';
import { useEntityPeriod } from '../state';
import { useEventTypeLabel } from '@/lib/use-labels';
import { QueryState } from './shared';

const REASONS = ['EVENTS', 'TRIP_START', 'TRIP_STOP', 'PERIODIC'] as const;
const isReason = (value: string): value is (typeof REASONS)[number] =>
  (REASONS as readonly string[]).includes(value);

function Entry({ record }: { record: RawData }) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  const [open, setOpen] = useState<'data' | 'events' | null>(null);
  const reason = record.transferReason;
  return (
    <li className="timeline-entry position-relative ps-4 pb-3" data-testid="raw-data-entry">
      <span
        className={`position-absolute start-0 translate-middle-x rounded-circle bg-${reasonBadge(reason)}`}
        style={{ top: 6, left: 0, width: 12, height: 12 }}
        aria-hidden
      />
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{formatDate(record.timestamp)}</span>
        <strong>{formatTime(record.timestamp)}</strong>
        <Badge bg={reasonBadge(reason)}>
          {isReason(reason) ? t(`entity.rawData.reasons.${reason}`) : reason}
        </Badge>
        <Button
          size="sm"
          variant={open === 'data' ? 'secondary' : 'outline-secondary'}
          aria-expanded={open === 'data'}
          onClick={() => setOpen(open === 'data' ? null : 'data')}
        >
          {t('entity.rawData.data')}
        </Button>
        {reason === 'EVENTS' && (
          <Button
            size="sm"
            variant={open === 'events' ? 'secondary' : 'outline-secondary'}
            aria-expanded={open === 'events'}
            onClick={() => setOpen(open === 'events' ? null : 'events')}
          >
            {t('entity.rawData.events')}
          </Button>
        )}
      </div>
      {open === 'data' && (
        <Table
          size="sm"
          striped
          className="mt-2 mb-0 small"
          style={{ maxWidth: 760 }}
          data-testid="raw-data-table"
        >
          <thead>
            <tr>
              <th>{t('entity.rawData.metric')}</th>
              <th className="text-end">{t('entity.rawData.current')}</th>
              <th className="text-end">{t('entity.rawData.previous')}</th>
              <th className="text-end">{t('entity.rawData.tripStart')}</th>
              <th className="text-end">{t('entity.rawData.first')}</th>
            </tr>
          </thead>
          <tbody>
            {metricRows(record).map((row) => (
              <tr key={row.metric}>
                <td>{row.metric}</td>
                <td className="text-end">{formatMetric(row.value)}</td>
                <td className="text-end">{formatMetric(row.previous)}</td>
                <td className="text-end">{formatMetric(row.tripStart)}</td>
                <td className="text-end">{formatMetric(row.first)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {open === 'events' && (
        <ul className="list-unstyled small mt-2 mb-0">
          {record.events.map((event, index) => (
            <li key={index}>
              {formatTime(record.timestamp)} · {label(event.eventType)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * Spec §2 Raw data panel: a one-sided timeline of the asset's raw records, newest first, paged
 * by the server through the whole period (10 a page, spec §9) with the total; each record's
 * differences come computed with it.
 */
export function RawDataTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  // A new period starts at its first page.
  const periodKey = `${toLocalIso(period.from)}|${toLocalIso(period.until)}|${period.update}`;
  const [paging, setPaging] = useState({ periodKey, page: 1 });
  const page = paging.periodKey === periodKey ? paging.page : 1;
  const query = useRawData(entity.id, period, page);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));
  const first = (page - 1) * DEFAULT_PAGE_SIZE + 1;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <Button
          size="sm"
          variant="outline-primary"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('entity.rawData.refresh')}
        </Button>
        <ExportMenu
          onExport={(format, onProgress) =>
            exportAssetData('rawData', entity.id, period, format, onProgress)
          }
        />
        {query.data && total > 0 && (
          <span className="text-body-secondary small" data-testid="raw-data-total">
            {t('entity.rawData.total', { count: total })} ·{' '}
            {t('entity.rawData.shown', {
              first,
              last: first + query.data.records.length - 1,
            })}
          </span>
        )}
      </div>
      {!query.data ? (
        <QueryState query={query} />
      ) : total === 0 ? (
        <p className="text-body-secondary">{t('entity.rawData.none')}</p>
      ) : (
        <ul
          className="list-unstyled border-start border-2 ms-2 mb-0"
          data-testid="raw-data-timeline"
          aria-busy={query.isPlaceholderData}
        >
          {query.data.records.map((record) => (
            <Entry key={`${record.timestamp}-${record.transferReason}`} record={record} />
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          onChange={(next) => setPaging({ periodKey, page: next })}
          label={t('entity.rawData.pages')}
        />
      </div>
    </>
  );
}
