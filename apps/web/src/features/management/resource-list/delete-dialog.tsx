import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { errorText } from '@/lib/api-client';
import { deleteEntity, entityQueries, type Entity } from '../api/entities';
import { entityName } from '../columns';
import type { Resource } from '../resources';

/** Asks before deleting; a refusal (something still depends on it) shows the server's reason. */
export function DeleteDialog({
  resource,
  row,
  onClose,
}: {
  resource: Resource;
  row: Entity | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = entityName(resource, row ?? undefined);
  const mutation = useMutation({
    mutationFn: (id: number) => deleteEntity(resource, id),
    onSuccess: async () => {
      notify(t('management.confirmDelete.deleted', { name }), { type: 'success' });
      await queryClient.invalidateQueries(entityQueries(resource));
      onClose();
    },
  });
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Modal show={row !== null} onHide={close} aria-labelledby="delete-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-title" as="h2" className="h5">
          {t('management.confirmDelete.title', { resource: t(`management.resource.${resource}`) })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('management.confirmDelete.text', { name })}</p>
        {mutation.isError && (
          <div className="alert alert-danger mb-0" role="alert">
            {t('management.confirmDelete.refused', { message: errorText(mutation.error) })}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          {t('management.confirmDelete.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={mutation.isPending}
          onClick={() => row && mutation.mutate(row.id)}
        >
          {t('management.confirmDelete.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
