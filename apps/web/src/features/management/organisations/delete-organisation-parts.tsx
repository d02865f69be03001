import type { DeletionProgress } from '@fleet/contract';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import { fieldClasses } from '@/lib/class-names';
import { deletionPercent } from '@/lib/progress';
import type { DeleteOrganisationState } from './use-delete-organisation';

/** The organisation's name, typed to confirm; Enter starts the deletion. */
export function NameField({ id, dialog }: { id: string; dialog: DeleteOrganisationState }) {
  const { t } = useTranslation();
  const { name, typed, setTyped, confirmed, mismatch, deleting, start } = dialog;
  return (
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
  );
}

/** How far the deletion is: a bar, and its steps once the server counted them. */
export function DeletionBar({ progress }: { progress: DeletionProgress | null }) {
  const { t } = useTranslation();
  const percent = deletionPercent(progress);
  return (
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
        {progress && progress.steps > 0
          ? t('management.deleteOrganisation.steps', { done: progress.done, steps: progress.steps })
          : t('management.deleteOrganisation.starting')}
      </div>
    </div>
  );
}

/** Why nothing was deleted: cancelled, or the server's reason. */
export function DeletionFailure({ error, cancelled }: { error: unknown; cancelled: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert variant={cancelled ? 'warning' : 'danger'} className="mt-3 mb-0" role="alert">
      {cancelled
        ? t('management.deleteOrganisation.cancelled')
        : t('management.deleteOrganisation.refused', { message: errorText(error) })}
    </Alert>
  );
}

/** Cancel (the deletion while it runs, else the dialog) and Delete. */
export function DialogButtons({ dialog }: { dialog: DeleteOrganisationState }) {
  const { t } = useTranslation();
  const { deleting, confirmed, cancel, close, start } = dialog;
  return (
    <>
      {deleting ? (
        <Button variant="secondary" onClick={cancel}>
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
    </>
  );
}
