import { useId } from 'react';
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Entity } from '../api/entities';
import {
  DeletionBar,
  DeletionFailure,
  DialogButtons,
  NameField,
} from './delete-organisation-parts';
import { useDeleteOrganisation } from './use-delete-organisation';

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
  const dialog = useDeleteOrganisation(row, onClose);
  const { name, state, deleting } = dialog;
  return (
    <Modal show onHide={dialog.close} aria-labelledby={`${id}-title`} backdrop="static">
      <Modal.Header closeButton={!deleting}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('management.deleteOrganisation.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('management.deleteOrganisation.text', { name })}</p>
        <NameField id={id} dialog={dialog} />
        {state.phase === 'deleting' && <DeletionBar progress={state.progress} />}
        {state.phase === 'failed' && (
          <DeletionFailure error={state.error} cancelled={state.cancelled} />
        )}
      </Modal.Body>
      <Modal.Footer>
        <DialogButtons dialog={dialog} />
      </Modal.Footer>
    </Modal>
  );
}
