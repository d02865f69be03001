import type { ImportProgress } from '@fleet/contract';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { runPercent, runVariant, type Run } from '../reprocess-run';
import { AssetSelect, OrganisationSelect, PeriodFields } from './pickers';
import { Progress } from './progress';
import type { ReprocessState } from './use-reprocess';

const number = new Intl.NumberFormat();

/** The form: whose data (an organisation and those below it, or one asset) over which period. */
export function ReprocessForm({ id, state }: { id: string; state: ReprocessState }) {
  const { t } = useTranslation();
  const { running } = state;
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void state.start();
      }}
      aria-label={t('admin.reprocess.title')}
    >
      <ScopeFields id={id} state={state} />
      <OrganisationSelect
        id={`${id}-organisation`}
        value={state.organisationId}
        disabled={running}
        onChange={state.chooseOrganisation}
      />
      {state.scope === 'asset' && (
        <>
          <AssetSelect
            id={`${id}-asset`}
            organisationId={state.organisationId}
            value={state.assetId}
            disabled={running}
            onChange={state.setAssetId}
          />
          {state.submitted && state.assetMissing && (
            <div className="text-danger small mt-n2 mb-3">{t('admin.required')}</div>
          )}
        </>
      )}
      <PeriodFields
        id={`${id}-period`}
        value={state.period}
        disabled={running}
        stacked
        onChange={state.setPeriod}
        errors={state.errors}
      />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={running}>
          {running && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {t('admin.reprocess.start')}
        </Button>
        {running && (
          <Button variant="outline-secondary" onClick={state.cancel}>
            {t('admin.cancel')}
          </Button>
        )}
      </div>
    </Form>
  );
}

function ScopeFields({ id, state }: { id: string; state: ReprocessState }) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3" disabled={state.running}>
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
          checked={state.scope === value}
          onChange={() => state.setScope(value)}
        />
      ))}
    </fieldset>
  );
}

/** The progress bar and, while running, what the server is doing. */
export function RunProgress({ run }: { run: Run }) {
  const { t } = useTranslation();
  if (run.phase === 'idle') return null;
  const running = run.phase === 'running';
  return (
    <div className="mt-3" role="status" aria-live="polite">
      <Progress
        percent={runPercent(run)}
        label={t('admin.reprocess.progress')}
        animated={running}
        variant={runVariant(run)}
        testId="reprocess-progress"
      />
      {running && (
        <div className="small text-body-secondary mt-1">
          <ProgressText progress={run.progress} />
        </div>
      )}
    </div>
  );
}

/** The figures of a finished re-processing, or why it stopped. */
export function RunOutcome({ run }: { run: Run }) {
  const { t } = useTranslation();
  if (run.phase === 'finished') return <RunResult result={run.result} />;
  if (run.phase !== 'failed') return null;
  return (
    <Alert variant={run.cancelled ? 'warning' : 'danger'} className="mt-3 mb-0" role="alert">
      {run.cancelled
        ? t('admin.reprocess.cancelled')
        : t('admin.reprocess.failed', { message: errorText(run.error) })}
    </Alert>
  );
}

function RunResult({ result }: { result: ImportProgress }) {
  const { t } = useTranslation();
  return (
    <dl className="row small mt-3 mb-0" data-testid="reprocess-result">
      <dt className="col-7">{t('admin.reprocess.assetDays')}</dt>
      <dd className="col-5 text-end mb-1">{number.format(result.assetDays ?? 0)}</dd>
      <dt className="col-7">{t('admin.reprocess.records')}</dt>
      <dd className="col-5 text-end mb-1">{number.format(result.records ?? 0)}</dd>
      <dt className="col-7">{t('admin.reprocess.devices')}</dt>
      <dd className="col-5 text-end mb-1">{number.format(result.devices)}</dd>
      <dt className="col-7">{t('admin.reprocess.seconds')}</dt>
      <dd className="col-5 text-end mb-0">
        {t('admin.reprocess.secondsValue', {
          seconds: (result.seconds ?? 0).toFixed(1),
        })}
      </dd>
    </dl>
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
