import type { ImportProgress } from '@fleet/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { importPercent } from '@/lib/progress';
import { reprocess } from '../api';
import { checkPeriod, periodErrors, yesterday, type PeriodDraft } from '../period';
import { AssetSelect, OrganisationSelect, PeriodFields } from './pickers';
import { Progress } from './progress';

type Run =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ImportProgress | null }
  | { phase: 'finished'; result: ImportProgress }
  | { phase: 'failed'; error: unknown; cancelled: boolean; progress: ImportProgress | null };

const number = new Intl.NumberFormat();

/**
 * Re-process raw data (POST /admin-api/rawdatas/import) of an organisation and those below it,
 * or of one asset, over a period: a progress bar fed by the streamed lines, Cancel (the server
 * stops at its next step), and the result.
 */
export function ReprocessCard() {
  const { t } = useTranslation();
  const id = useId();
  const { organisation_id } = useAuthenticatedSession();
  const [scope, setScope] = useState<'organisation' | 'asset'>('organisation');
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [assetId, setAssetId] = useState<number | undefined>();
  const [period, setPeriod] = useState<PeriodDraft>(() => yesterday(new Date()));
  const [submitted, setSubmitted] = useState(false);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const running = run.phase === 'running';
  const check = checkPeriod(period);
  const assetMissing = scope === 'asset' && assetId === undefined;

  // Leaving the page cancels a re-processing under way.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    setSubmitted(true);
    if (!check.ok || assetMissing) return;
    const controller = new AbortController();
    abort.current = controller;
    let last: ImportProgress | null = null;
    setRun({ phase: 'running', progress: null });
    try {
      const result = await reprocess(
        scope === 'asset' ? { assetId: assetId! } : { organisationId },
        check.window,
        controller.signal,
        (line) => {
          last = line;
          setRun({ phase: 'running', progress: line });
        },
      );
      setRun({ phase: 'finished', result });
    } catch (error) {
      setRun({ phase: 'failed', error, cancelled: controller.signal.aborted, progress: last });
    } finally {
      abort.current = null;
    }
  };

  const errors = periodErrors(check, submitted);
  const progress = run.phase === 'running' ? run.progress : null;
  const percent =
    run.phase === 'finished'
      ? 100
      : importPercent(run.phase === 'failed' ? run.progress : progress);

  return (
    <Card className="h-100" data-testid="reprocess-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.reprocess.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.reprocess.text')}</p>
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
          aria-label={t('admin.reprocess.title')}
        >
          <fieldset className="mb-3" disabled={running}>
            <legend className="form-label fs-6 mb-1">{t('admin.reprocess.scope')}</legend>
            {(['organisation', 'asset'] as const).map((value) => (
              <Form.Check
                key={value}
                inline
                type="radio"
                id={`${id}-scope-${value}`}
                name={`${id}-scope`}
                label={t(
                  value === 'organisation'
                    ? 'admin.reprocess.scopeOrganisation'
                    : 'admin.reprocess.scopeAsset',
                )}
                checked={scope === value}
                onChange={() => setScope(value)}
              />
            ))}
          </fieldset>
          <OrganisationSelect
            id={`${id}-organisation`}
            value={organisationId}
            disabled={running}
            onChange={(value) => {
              setOrganisationId(value);
              setAssetId(undefined);
            }}
          />
          {scope === 'asset' && (
            <>
              <AssetSelect
                id={`${id}-asset`}
                organisationId={organisationId}
                value={assetId}
                disabled={running}
                onChange={setAssetId}
              />
              {submitted && assetMissing && (
                <div className="text-danger small mt-n2 mb-3">{t('admin.required')}</div>
              )}
            </>
          )}
          <PeriodFields
            id={`${id}-period`}
            value={period}
            disabled={running}
            stacked
            onChange={setPeriod}
            errors={errors}
          />
          <div className="d-flex gap-2">
            <Button type="submit" disabled={running}>
              {running && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
              {t('admin.reprocess.start')}
            </Button>
            {running && (
              <Button variant="outline-secondary" onClick={() => abort.current?.abort()}>
                {t('admin.cancel')}
              </Button>
            )}
          </div>
        </Form>

        {run.phase !== 'idle' && (
          <div className="mt-3" role="status" aria-live="polite">
            <Progress
              percent={percent}
              label={t('admin.reprocess.progress')}
              animated={running}
              variant={
                run.phase === 'failed'
                  ? 'warning'
                  : run.phase === 'finished'
                    ? 'success'
                    : undefined
              }
              testId="reprocess-progress"
            />
            {running && (
              <div className="small text-body-secondary mt-1">
                <ProgressText progress={progress} />
              </div>
            )}
          </div>
        )}
        {run.phase === 'finished' && (
          <dl className="row small mt-3 mb-0" data-testid="reprocess-result">
            <dt className="col-7">{t('admin.reprocess.assetDays')}</dt>
            <dd className="col-5 text-end mb-1">{number.format(run.result.assetDays ?? 0)}</dd>
            <dt className="col-7">{t('admin.reprocess.records')}</dt>
            <dd className="col-5 text-end mb-1">{number.format(run.result.records ?? 0)}</dd>
            <dt className="col-7">{t('admin.reprocess.devices')}</dt>
            <dd className="col-5 text-end mb-1">{number.format(run.result.devices)}</dd>
            <dt className="col-7">{t('admin.reprocess.seconds')}</dt>
            <dd className="col-5 text-end mb-0">
              {t('admin.reprocess.secondsValue', {
                seconds: (run.result.seconds ?? 0).toFixed(1),
              })}
            </dd>
          </dl>
        )}
        {run.phase === 'failed' && (
          <Alert variant={run.cancelled ? 'warning' : 'danger'} className="mt-3 mb-0" role="alert">
            {run.cancelled
              ? t('admin.reprocess.cancelled')
              : t('admin.reprocess.failed', { message: errorText(run.error) })}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}

function ProgressText({ progress }: { progress: ImportProgress | null }) {
  const { t } = useTranslation();
  if (!progress || progress.status === 'started') return <>{t('admin.reprocess.starting')}</>;
  if (progress.reattributed < progress.devices)
    return (
      <>
        {t('admin.reprocess.reattributing', {
          done: progress.reattributed,
          devices: progress.devices,
        })}
      </>
    );
  if (progress.total === 0) return <>{t('admin.reprocess.waiting')}</>;
  return (
    <>
      {t('admin.reprocess.rebuilding', {
        remaining: Math.min(progress.remaining, progress.total),
        total: progress.total,
      })}
    </>
  );
}
