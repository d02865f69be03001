import '../locales/register';
import { formatDuration } from '@fleet/contract';
import { useMemo, useState } from 'react';
import { Alert, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { ExportMenu } from '@/components/export-menu';
import { PageHeader } from '@/components/page-header';
import { PeriodFilter } from '@/components/period-filter';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { filterRange, useFilter } from '@/lib/filter';
import { formatDateTime, toLocalIso } from '@/lib/fleet-time';
import { exportZoneVisits, useZoneVisits, useZones } from '../api/zones';
import { byEnteredDesc } from '../zone-input';

/**
 * The zone visits report (issue 21 §1): in the shared period and group, optionally of one zone,
 * each visit of an asset with its driver, times, duration, top speed and time above the zone's
 * speed limit.
 */
export function ZoneReportScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const filter = useFilter();
  const zones = useZones(organisationId);
  const [zoneId, setZoneId] = useState('');
  const query = useMemo(() => {
    const range = filterRange(filter);
    if (!range || range.from >= range.until) return null;
    return {
      from: toLocalIso(range.from),
      until: toLocalIso(range.until),
      ...(zoneId ? { zoneId: Number(zoneId) } : {}),
      ...(filter.group !== 'ALL' ? { groupId: filter.group } : {}),
    };
  }, [filter, zoneId]);
  const visits = useZoneVisits(organisationId, query, filter.update);
  const rows = useMemo(() => [...(visits.data ?? [])].sort(byEnteredDesc), [visits.data]);

  return (
    <>
      <PageHeader
        title={t('zones.report.title')}
        subtitle={subtitle}
        actions={
          <ExportMenu
            disabled={!query}
            onExport={(format, onProgress) =>
              exportZoneVisits(organisationId, query!, format, onProgress)
            }
          />
        }
      />
      <p className="text-body-secondary">{t('zones.report.intro')}</p>
      <PeriodFilter groups />
      <Form.Group className="mb-3" style={{ maxWidth: 320 }} controlId="zone-report-zone">
        <Form.Label>{t('zones.report.zone')}</Form.Label>
        <Form.Select value={zoneId} onChange={(e) => setZoneId(e.target.value)}>
          <option value="">{t('zones.report.allZones')}</option>
          {[...(zones.data ?? [])]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zone.name}
              </option>
            ))}
        </Form.Select>
      </Form.Group>
      {!query ? (
        <p className="text-body-secondary">{t('zones.report.invalidPeriod')}</p>
      ) : visits.isPending ? (
        <Loading label={t('zones.report.loading')} />
      ) : visits.isError ? (
        <Alert variant="danger" role="alert">
          {errorText(visits.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <p className="text-body-secondary" data-testid="zone-visits-empty">
          {t('zones.report.none')}
        </p>
      ) : (
        <>
          <p className="small text-body-secondary mb-1">
            {t('zones.report.count', { count: rows.length })}
          </p>
          <Table hover responsive size="sm" data-testid="zone-visits">
            <caption className="visually-hidden">{t('zones.report.table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('zones.report.asset')}</th>
                <th scope="col">{t('zones.report.driver')}</th>
                <th scope="col">{t('zones.report.zone')}</th>
                <th scope="col">{t('zones.report.entered')}</th>
                <th scope="col">{t('zones.report.exited')}</th>
                <th scope="col" className="text-end">
                  {t('zones.report.duration')}
                </th>
                <th scope="col" className="text-end">
                  {t('zones.report.maxSpeed')}
                </th>
                <th scope="col" className="text-end">
                  {t('zones.report.speeding')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((visit) => (
                <tr
                  key={`${visit.zoneId}-${visit.assetId}-${visit.enteredAt}`}
                  data-testid="zone-visit"
                >
                  <td>{visit.assetName}</td>
                  <td>{visit.driverName ?? '—'}</td>
                  <td>{visit.zoneName}</td>
                  <td>{formatDateTime(visit.enteredAt)}</td>
                  <td>
                    {visit.exitedAt
                      ? formatDateTime(visit.exitedAt)
                      : t('zones.report.stillInside')}
                  </td>
                  <td className="text-end">{formatDuration(visit.seconds)}</td>
                  <td className="text-end">{Math.round(visit.maxSpeed)}</td>
                  <td className={visit.speedingSeconds > 0 ? 'text-end text-danger' : 'text-end'}>
                    {formatDuration(visit.speedingSeconds)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}
