import type { DeletionProgress } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { ORGANISATIONS_KEY } from '@/lib/api/get-organisations';
import { fieldClasses } from '@/lib/class-names';
import { streamProgress } from '@/lib/progress-stream';
import { entityQueries, type Entity } from '../api/entities';
import { deletionPercent } from '@/lib/progress';

type State =
  | { phase: 'confirm' }
  | { phase: 'deleting'; progress: DeletionProgress | null }
  | { phase: 'failed'; error: unknown; cancelled: boolean };

/**
 * Deleting an organisation (DELETE organisations/{id}?confirm=<name>): the person types its name;
 * the deletion's progress streams in; Cancel stops it and nothing is deleted (one transaction);
 * a refusal shows the server's reason.
 */
export function DeleteOrganisationDialog({
  row,
  onClose,
}: {
  row: Entity | null;
  onClose: () => void;
}) {
  // Keyed by the row: another organisation starts afresh.
  return row ? <Dialog key={row.id} row={row} onClose={onClose} /> : null;
}

function Dialog({ row, onClose }: { row: Entity; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<State>({ phase: 'confirm' });
  const abort = useRef<AbortController | null>(null);
  const name = String(row.name);
  const confirmed = typed.trim() === name && name !== '';
  // Not the name: said once as much was typed as the name holds, not at the first letter.
  const mismatch = !confirmed && typed.trim().length >= name.length && typed !== '';
  const deleting = state.phase === 'deleting';

  // Leaving mid-way (another screen) cancels the deletion: nothing is deleted.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    if (!confirmed) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ phase: 'deleting', progress: null });
    try {
      await streamProgress<DeletionProgress>(`organisations/${row.id}`, {
        method: 'DELETE',
        query: { confirm: typed.trim() },
        signal: controller.signal,
        onLine: (progress) => setState({ phase: 'deleting', progress }),
      });
      notify(t('management.deleteOrganisation.deleted', { name }), { type: 'success' });
      await Promise.all([
        queryClient.invalidateQueries(entityQueries('organisations')),
        queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY }),
      ]);
      onClose();
    } catch (error) {
      setState({ phase: 'failed', error, cancelled: controller.signal.aborted });
    } finally {
      abort.current = null;
    }
  };

  const close = () => {
    if (deleting) return;
    onClose();
  };
  const percent = deleting ? deletionPercent(state.progress) : 0;

  return (
    <Modal show onHide={close} aria-labelledby={`${id}-title`} backdrop="static">
      <Modal.Header closeButton={!deleting}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('management.deleteOrganisation.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('management.deleteOrganisation.text', { name })}</p>
        <Form.Group controlId={`${id}-confirm`}>
          <Form.Label>{t('management.deleteOrganisation.typeName', { name })}</Form.Label>
          <Form.Control
            value={typed}
            autoComplete="off"
            disabled={deleting}
            className={fieldClasses(mismatch, typed !== '', confirmed || mismatch)}
            aria-invalid={mismatch}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void start();
            }}
          />
          <Form.Control.Feedback type="invalid">
            {t('management.deleteOrganisation.mismatch')}
          </Form.Control.Feedback>
        </Form.Group>
        {deleting && (
          <div className="mt-3" role="status" aria-live="polite">
            {/* Bootstrap's progress markup: react-bootstrap's ProgressBar would be one more shared chunk */}
            <div
              className="progress"
              role="progressbar"
              aria-label={t('management.deleteOrganisation.progress')}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
              data-testid="delete-progress"
            >
              <div
                className="progress-bar progress-bar-striped progress-bar-animated bg-danger"
                style={{ width: `${percent}%` }}
              >
                {percent} %
              </div>
            </div>
            <div className="small text-body-secondary mt-1">
              {state.progress && state.progress.steps > 0
                ? t('management.deleteOrganisation.steps', {
                    done: state.progress.done,
                    steps: state.progress.steps,
                  })
                : t('management.deleteOrganisation.starting')}
            </div>
          </div>
        )}
        {state.phase === 'failed' && (
          <Alert
            variant={state.cancelled ? 'warning' : 'danger'}
            className="mt-3 mb-0"
            role="alert"
          >
            {state.cancelled
              ? t('management.deleteOrganisation.cancelled')
              : t('management.deleteOrganisation.refused', { message: errorText(state.error) })}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        {deleting ? (
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            {t('management.deleteOrganisation.cancel')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={close}>
            {t('management.confirmDelete.cancel')}
          </Button>
        )}
        <Button variant="danger" disabled={!confirmed || deleting} onClick={() => void start()}>
          {t('management.deleteOrganisation.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
