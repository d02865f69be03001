import { type RawData } from '@fleet/contract';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { useMemo, useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { paginate } from '@/lib/paginate';
import type { Entity } from '../api/get-entity';
import { useRawData } from '../api/get-vehicle-data';
import { formatMetric, metricRows, newestFirst, reasonBadge } from '../raw-data';
import { useEntityPeriod } from '../state';
import { useEventTypeLabel } from '@/lib/use-labels';
import { QueryState } from './shared';

const REASONS = ['EVENTS', 'TRIP_START', 'TRIP_STOP', 'PERIODIC'] as const;
const isReason = (value: string): value is (typeof REASONS)[number] =>
  (REASONS as readonly string[]).includes(value);

function Entry({ record, records }: { record: RawData; records: RawData[] }) {
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
            {metricRows(records, record).map((row) => (
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

/** Spec §2 Raw data panel: a one-sided timeline of the asset's raw records, newest first. */
export function RawDataTab({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const period = useEntityPeriod();
  const query = useRawData(entity.id, period);
  const records = useMemo(() => query.data ?? [], [query.data]);
  const sorted = useMemo(() => newestFirst(records), [records]);
  const [page, setPage] = useState(1);
  // Spec §9: 10 per page, as every list.
  const { page: current, pages, items: shown } = paginate(sorted, page);
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        className="mb-3"
        disabled={query.isFetching}
        onClick={() => void query.refetch()}
      >
        {t('entity.rawData.refresh')}
      </Button>
      {!query.data ? (
        <QueryState query={query} />
      ) : records.length === 0 ? (
        <p className="text-body-secondary">{t('entity.rawData.none')}</p>
      ) : (
        <ul
          className="list-unstyled border-start border-2 ms-2 mb-0"
          data-testid="raw-data-timeline"
        >
          {shown.map((record) => (
            <Entry
              key={`${record.timestamp}-${record.transferReason}`}
              record={record}
              records={records}
            />
          ))}
        </ul>
      )}
      <div className="mt-2">
        <Pager page={current} pages={pages} onChange={setPage} label={t('entity.rawData.pages')} />
      </div>
    </>
  );
}
