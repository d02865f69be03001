import '../locales/review/register';
import '../locales/coaching/register';
import {
  formatDate,
  formatScore,
  SAFETY_CASE_STATUSES,
  type CoachingReport,
} from '@fleet/contract';
import { useState } from 'react';
import { Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from '@/components/export-menu';
import { PageHeader } from '@/components/page-header';
import { PeriodFilter } from '@/components/period-filter';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { useEventTypeLabel } from '@/lib/use-labels';
import { notify } from '@/components/notifications';
import {
  downloadCoachingReport,
  exportCoachingReport,
  useCoachingReport,
} from '../coaching-report-api';
import { scoreChange } from '../coaching-report-view';
import { BacklogChart, BeforeAfterChart } from './coaching-report-charts';
import { QueryState, StatusBadge } from './shared';
import { usePeriodQuery } from './use-inbox';

/**
 * The coaching report (issue 20 §5) of the organisation in view over the shared period: how the
 * cases were reviewed and coached, the backlog, and whether coached drivers improved; as CSV too.
 */
export function CoachingReportScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const { period } = usePeriodQuery();
  const report = useCoachingReport(organisationId, period);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!period) return;
    setDownloading(true);
    try {
      await downloadCoachingReport(organisationId, period);
    } catch (error) {
      notify(errorText(error), { type: 'danger' });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <>
      <PageHeader
        title={t('coaching.report.title')}
        subtitle={subtitle}
        actions={
          <div className="d-flex gap-2 align-items-center">
            <ExportMenu
              disabled={!period}
              onExport={(format, onProgress) =>
                exportCoachingReport(organisationId, period!, format, onProgress)
              }
            />
            <Button
              variant="outline-primary"
              onClick={() => void download()}
              disabled={!period || downloading}
            >
              {t('coaching.report.download')}
            </Button>
          </div>
        }
      />
      <PeriodFilter />
      <QueryState query={report} />
      {report.data && <ReportBody report={report.data} />}
    </>
  );
}

function ReportBody({ report }: { report: CoachingReport }) {
  const { t } = useTranslation();
  const hours = (value: number | null) =>
    value === null
      ? t('coaching.report.noValue')
      : t('coaching.report.hours', { value: value.toFixed(1) });
  const figures: [string, string | number][] = [
    [t('coaching.report.cases'), report.counts.total],
    [t('coaching.report.reviewed'), report.reviewed],
    [t('coaching.report.medianReview'), hours(report.medianHoursToReview)],
    [t('coaching.report.coached'), report.coached],
    [t('coaching.report.medianCoach'), hours(report.medianHoursToCoach)],
    [t('coaching.report.coachedLate'), report.coachedLate],
    [t('coaching.report.overdue'), report.counts.overdue],
    [t('coaching.report.unacknowledged'), report.counts.unacknowledged],
  ];
  return (
    <div className="d-flex flex-column gap-4 mt-3" data-testid="coaching-report">
      <div className="row g-3">
        {figures.map(([label, value]) => (
          <div key={label} className="col-6 col-md-3">
            <Card body className="h-100">
              <div className="small text-body-secondary">{label}</div>
              <div className="fs-4 fw-semibold" data-testid="figure">
                {value}
              </div>
            </Card>
          </div>
        ))}
      </div>
      <div className="row g-4">
        <div className="col-xl-6">
          <Card body className="h-100">
            <h2 className="h6">{t('coaching.report.backlog')}</h2>
            <p className="small text-body-secondary">
              {t('coaching.report.backlogHint', {
                unit: t(report.interval === 'DAY' ? 'coaching.report.day' : 'coaching.report.week'),
              })}
            </p>
            <BacklogChart
              title={t('coaching.report.backlog')}
              points={report.backlog}
              labels={{
                needsReview: t('coaching.report.needsReview'),
                needsCoaching: t('coaching.report.needsCoaching'),
                overdue: t('coaching.report.overdue'),
              }}
            />
          </Card>
        </div>
        <div className="col-xl-6">
          <Card body className="h-100">
            <h2 className="h6">{t('coaching.report.drivers')}</h2>
            <p className="small text-body-secondary">{t('coaching.report.driversHint')}</p>
            {report.drivers.length ? (
              <BeforeAfterChart
                title={t('coaching.report.drivers')}
                rows={report.drivers}
                labels={{ before: t('coaching.report.before'), after: t('coaching.report.after') }}
              />
            ) : (
              <p>{t('coaching.report.noDrivers')}</p>
            )}
          </Card>
        </div>
      </div>
      <TypeTable report={report} />
      <DriverTable report={report} />
    </div>
  );
}

function TypeTable({ report }: { report: CoachingReport }) {
  const { t } = useTranslation();
  const eventType = useEventTypeLabel();
  return (
    <Card body>
      <h2 className="h6">{t('coaching.report.byType')}</h2>
      {report.byType.length === 0 ? (
        <p className="mb-0">{t('coaching.report.noCases')}</p>
      ) : (
        <Table size="sm" responsive className="mb-0">
          <thead>
            <tr>
              <th>{t('coaching.report.eventType')}</th>
              {SAFETY_CASE_STATUSES.map((s) => (
                <th key={s} className="text-end">
                  <StatusBadge status={s} />
                </th>
              ))}
              <th className="text-end">{t('coaching.report.total')}</th>
            </tr>
          </thead>
          <tbody>
            {report.byType.map((row) => (
              <tr key={row.eventType}>
                <td>{eventType(row.eventType)}</td>
                {SAFETY_CASE_STATUSES.map((s) => (
                  <td key={s} className="text-end">
                    {row[s]}
                  </td>
                ))}
                <td className="text-end fw-semibold">{row.total}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}

function DriverTable({ report }: { report: CoachingReport }) {
  const { t } = useTranslation();
  const score = (value: number | null) => (value === null ? '–' : formatScore(value));
  if (!report.drivers.length) return null;
  return (
    <Card body>
      <h2 className="h6">{t('coaching.report.drivers')}</h2>
      <Table size="sm" responsive className="mb-0">
        <thead>
          <tr>
            <th>{t('coaching.report.driver')}</th>
            <th>{t('coaching.report.coachedAt')}</th>
            <th className="text-end">{t('coaching.report.cases')}</th>
            <th className="text-end">{t('coaching.report.before')}</th>
            <th className="text-end">{t('coaching.report.after')}</th>
            <th className="text-end">{t('coaching.report.change')}</th>
            <th className="text-end">{t('coaching.report.daysAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {report.drivers.map((d) => {
            const change = scoreChange(d.scoreBefore, d.scoreAfter);
            return (
              <tr key={d.driverId}>
                <td>{d.driverName}</td>
                <td>{formatDate(d.coachedAt)}</td>
                <td className="text-end">{d.cases}</td>
                <td className="text-end">{score(d.scoreBefore)}</td>
                <td className="text-end">{score(d.scoreAfter)}</td>
                <td
                  className={`text-end ${change === null ? '' : change >= 0 ? 'text-success' : 'text-danger'}`}
                >
                  {change === null ? '–' : `${change > 0 ? '+' : ''}${change.toFixed(1)}`}
                </td>
                <td className="text-end">{d.daysAfter}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}
