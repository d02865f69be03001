import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DeleteDataForm, DeletionOutcome, DeletionProgressBar } from './delete-data-parts';
import { useDeleteData } from './use-delete-data';

/**
 * Delete an organisation's data (DELETE /admin-api/organisations/{id}/data): pick it, type its
 * name, watch the progress; one transaction, so Cancel deletes nothing.
 */
export function DeleteDataCard() {
  const { t } = useTranslation();
  const state = useDeleteData();
  return (
    <Card className="h-100 border-danger-subtle" data-testid="deletedata-card">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {t('admin.deleteData.title')}
        </Card.Title>
        <p className="text-body-secondary small">{t('admin.deleteData.text')}</p>
        <DeleteDataForm state={state} />
        <DeletionProgressBar run={state.run} />
        <DeletionOutcome run={state.run} />
      </Card.Body>
    </Card>
  );
}
