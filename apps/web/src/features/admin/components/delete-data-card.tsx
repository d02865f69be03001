import type { DeletionProgress } from '@fleet/contract';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useOrganisations } from '@/lib/api/get-organisations';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { fieldClasses } from '@/lib/class-names';
import { deletionPercent } from '@/lib/progress';
import { deleteData } from '../api';
import type { AdminTexts } from '../locales/en';
import { OrganisationSelect } from './pickers';
import { Progress } from './progress';

type Run =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DeletionProgress | null }
  | { phase: 'finished'; result: DeletionProgress; name: string }
  | { phase: 'failed'; error: unknown; cancelled: boolean };

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

/**
 * Delete an organisation's data (DELETE /admin-api/organisations/{id}/data): pick it, type its
 * name, watch the progress; one transaction, so Cancel deletes nothing.
 */
export function DeleteDataCard() {
  const { t } = useTranslation();
  const id = useId();
  const { organisation_id } = useAuthenticatedSession();
  const organisations = useOrganisations();
  const [organisationId, setOrganisationId] = useState(organisation_id);
  const [typed, setTyped] = useState('');
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const name = useMemo(
    () => organisations.data?.find((o) => o.id === organisationId)?.name ?? '',
    [organisations.data, organisationId],
  );
  const confirmed = name !== '' && typed.trim() === name;
  // Not the name: said once as much was typed as the name holds, not at the first letter.
  const mismatch = !confirmed && typed.trim().length >= name.length && typed !== '';
  const running = run.phase === 'running';

  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!confirmed) return;
    const controller = new AbortController();
    abort.current = controller;
    setRun({ phase: 'running', progress: null });
    try {
      const result = await deleteData(organisationId, typed.trim(), controller.signal, (line) =>
        setRun({ phase: 'running', progress: line }),
      );
      setRun({ phase: 'finished', result, name });
      setTyped('');
    } catch (error) {
      setRun({ phase: 'failed', error, cancelled: controller.signal.aborted });
    } finally {
      abort.current = null;
    }
  };

  const progress = run.phase === 'running' ? run.progress : null;
  const percent = run.phase === 'finished' ? 100 : deletionPercent(progress);

  return (
    <Card className="h-100 border-danger-subtle" data-testid="deletedata-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.deleteData.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.deleteData.text')}</p>
        <Form
          noValidate
          aria-label={t('admin.deleteData.title')}
          onSubmit={(event) => {
            event.preventDefault();
            void start();
          }}
        >
          <OrganisationSelect
            id={`${id}-organisation`}
            value={organisationId}
            disabled={running}
            onChange={(value) => {
              setOrganisationId(value);
              setTyped('');
              setRun({ phase: 'idle' });
            }}
          />
          <Form.Group controlId={`${id}-confirm`} className="mb-3">
            <Form.Label>{t('admin.deleteData.typeName', { name })}</Form.Label>
            <Form.Control
              value={typed}
              autoComplete="off"
              disabled={running || !name}
              className={fieldClasses(mismatch, typed !== '', confirmed || mismatch)}
              aria-invalid={mismatch}
              onChange={(event) => setTyped(event.target.value)}
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
              <Button variant="outline-secondary" onClick={() => abort.current?.abort()}>
                {t('admin.cancel')}
              </Button>
            )}
          </div>
        </Form>

        {run.phase !== 'idle' && run.phase !== 'failed' && (
          <div className="mt-3" role="status" aria-live="polite">
            <Progress
              percent={percent}
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
        )}
        {run.phase === 'finished' && (
          <div className="mt-3" data-testid="deletedata-result">
            <p className="mb-1 fw-semibold">
              {run.name}:{' '}
              {t('admin.deleteData.done', { seconds: (run.result.seconds ?? 0).toFixed(1) })}
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
        )}
        {run.phase === 'failed' && (
          <Alert variant={run.cancelled ? 'warning' : 'danger'} className="mt-3 mb-0" role="alert">
            {run.cancelled
              ? t('admin.deleteData.cancelled')
              : t('admin.deleteData.failed', { message: errorText(run.error) })}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
