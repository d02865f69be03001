import '../locales/register';
import { permissions } from '@fleet/contract';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { useEntity, type Entity } from '../api/entities';
import { entityName } from '../columns';
import type { Resource } from '../resources';
import { QueryState } from '../shared';
import { SyncAlert } from '../sync-marks/sync-badge';
import { ResetPassword } from '../users/reset-password';
import { CredentialDialog } from './credential-dialog';
import { FieldControl } from './field-control';
import { RenewCredential } from './renew-credential';
import { useEntityForm } from './use-entity-form';

/** entity/edit (spec §2): create (no id) or edit one record of a resource. */
export function EntityEditScreen({ resource, id }: { resource: Resource; id: number | undefined }) {
  const query = useEntity(resource, id);
  if (id === undefined) return <EditForm resource={resource} entity={undefined} />;
  return (
    <QueryState query={query}>
      {(entity) => <EditForm key={entity.id} resource={resource} entity={entity} />}
    </QueryState>
  );
}

function EditForm({ resource, entity }: { resource: Resource; entity: Entity | undefined }) {
  const { t } = useTranslation();
  const { user_role: role } = useAuthenticatedSession();
  const edit = useEntityForm(resource, entity);
  const { form, readOnly } = edit;
  const title = entity ? entityName(resource, entity) : t(`management.create.${resource}`);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          entity
            ? t('management.edit.editTitle', { resource: t(`management.resource.${resource}`) })
            : t(`management.resources.${resource}`)
        }
      />
      <div className="row g-4">
        <div className="col-lg-6">
          <Card>
            <Card.Body>
              <form noValidate onSubmit={edit.onSubmit} aria-label={title}>
                {edit.failure !== null && (
                  <Alert variant="danger" role="alert">
                    {errorText(edit.failure)}
                  </Alert>
                )}
                <SyncAlert record={entity} resource={resource} name={title} />
                <fieldset disabled={readOnly}>
                  {edit.fields.map((field) => (
                    <FieldControl
                      key={field.name}
                      field={field}
                      form={form}
                      entity={entity}
                      role={role}
                    />
                  ))}
                </fieldset>
                <div className="d-flex gap-2">
                  {!readOnly && (
                    <Button type="submit" disabled={form.formState.isSubmitting}>
                      {form.formState.isSubmitting && (
                        <span className="spinner-border spinner-border-sm me-2" aria-hidden />
                      )}
                      {t('management.edit.save')}
                    </Button>
                  )}
                  <Button variant="secondary" onClick={() => void edit.toList()}>
                    {readOnly ? t('management.sync.back') : t('management.edit.cancel')}
                  </Button>
                </div>
              </form>
            </Card.Body>
          </Card>
        </div>
        {entity && resource === 'devices' && permissions.manageFleet(role) && (
          <div className="col-lg-6">
            <RenewCredential deviceId={entity.id} onIssued={edit.showCredential} />
          </div>
        )}
        {entity && resource === 'users' && (
          <div className="col-lg-6">
            <ResetPassword userId={entity.id} />
          </div>
        )}
      </div>
      <CredentialDialog credential={edit.credential} onClose={edit.closeCredential} />
    </>
  );
}
