import { useId } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { fieldClasses } from '@/lib/class-names';
import { deletionPercent } from '@/lib/progress';
import type { AdminTexts } from '../locales/en';
import { OrganisationSelect } from './pickers';
import { Progress } from './progress';
import type { DeleteDataState, DeletionRun } from './use-delete-data';

type Kind = keyof AdminTexts['deleteData']['kinds'];
const KINDS: Kind[] = [
  'rawRecords',
  'datapoints',
  'trips',
  'events',
  'hourly',
  'daily',
  'states',
  'queued',
];
const number = new Intl.NumberFormat();

/** Pick the organisation, type its name, Delete (and Cancel while it runs). */
export function DeleteDataForm({ state }: { state: DeleteDataState }) {
  const { t } = useTranslation();
  const id = useId();
  const { name, typed, running, confirmed, mismatch } = state;
  return (
    <Form
      noValidate
      aria-label={t('admin.deleteData.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void state.start();
      }}
    >
      <OrganisationSelect
        id={`${id}-organisation`}
        value={state.organisationId}
        disabled={running}
        onChange={state.chooseOrganisation}
      />
      <Form.Group controlId={`${id}-confirm`} className="mb-3">
        <Form.Label>{t('admin.deleteData.typeName', { name })}</Form.Label>
        <Form.Control
          value={typed}
          autoComplete="off"
          disabled={running || !name}
          className={fieldClasses(mismatch, typed !== '', confirmed || mismatch)}
          aria-invalid={mismatch}
          onChange={(event) => state.setTyped(event.target.value)}
        />
        <Form.Control.Feedback type="invalid">
          {t('admin.deleteData.mismatch')}
        </Form.Control.Feedback>
      </Form.Group>
      <div className="d-flex gap-2">
        <Button type="submit" variant="danger" disabled={!confirmed || running}>
          {running && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {t('admin.deleteData.delete')}
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

/** The progress bar of a deletion under way or finished, and its steps while it runs. */
export function DeletionProgressBar({ run }: { run: DeletionRun }) {
  const { t } = useTranslation();
  if (run.phase === 'idle' || run.phase === 'failed') return null;
  const running = run.phase === 'running';
  const progress = running ? run.progress : null;
  return (
    <div className="mt-3" role="status" aria-live="polite">
      <Progress
        percent={run.phase === 'finished' ? 100 : deletionPercent(progress)}
        label={t('admin.deleteData.progress')}
        animated={running}
        variant={run.phase === 'finished' ? 'success' : 'danger'}
        testId="deletedata-progress"
      />
      {running && (
        <div className="small text-body-secondary mt-1">
          {progress && progress.steps > 0
            ? t('admin.deleteData.steps', { done: progress.done, steps: progress.steps })
            : t('admin.deleteData.starting')}
        </div>
      )}
    </div>
  );
}

/** What a finished deletion removed, by kind, or why it stopped. */
export function DeletionOutcome({ run }: { run: DeletionRun }) {
  const { t } = useTranslation();
  if (run.phase === 'failed')
    return (
      <Alert variant={run.cancelled ? 'warning' : 'danger'} className="mt-3 mb-0" role="alert">
        {run.cancelled
          ? t('admin.deleteData.cancelled')
          : t('admin.deleteData.failed', { message: errorText(run.error) })}
      </Alert>
    );
  if (run.phase !== 'finished') return null;
  return (
    <div className="mt-3" data-testid="deletedata-result">
      <p className="mb-1 fw-semibold">
        {run.name}: {t('admin.deleteData.done', { seconds: (run.result.seconds ?? 0).toFixed(1) })}
      </p>
      <dl className="row small mb-0">
        {KINDS.map((kind) => (
          <div key={kind} className="col-6 d-flex justify-content-between">
            <dt className="fw-normal">{t(`admin.deleteData.kinds.${kind}`)}</dt>
            <dd className="mb-1">{number.format(run.result.deleted[kind] ?? 0)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
