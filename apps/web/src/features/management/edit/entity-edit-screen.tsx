import '../locales/register';
import { permissions, type DeviceWithCredential, type Role } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { managementHrefs, paths } from '@/config/paths';
import { InputField } from '@/components/input-field';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { ApiError, errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn, fieldClasses } from '@/lib/class-names';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { ORGANISATIONS_KEY } from '@/lib/api/get-organisations';
import {
  createEntity,
  entityKeys,
  renewCredential,
  updateEntity,
  useEntity,
  type Entity,
} from '../api/entities';
import { entityName } from '../columns';
import type { Resource } from '../resources';
import { QueryState } from '../shared';
import { SyncAlert } from '../sync-marks/sync-badge';
import { isReadOnly } from '../sync-marks/sync-mark';
import { grantableRoles } from '../users/user-rules';
import { ResetPassword } from '../users/reset-password';
import { CredentialDialog } from './credential-dialog';
import { FORMS, initialValues, toBody, type FormField, type FormValues } from './forms';
import { ParentSelect } from './parent-select';
import { fieldOfError } from './server-errors';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    organisation_id: organisationId,
    user_organisation_id: ownOrganisationId,
    user_role: role,
  } = useAuthenticatedSession();
  const [params] = useSearchParams();
  const creating = entity === undefined;
  // A synchronised copy is changed on its remote; the server refuses it here (409).
  const readOnly = !creating && isReadOnly(entity);
  const spec = FORMS[resource];
  // Nobody moves their own organisation: its form has the name alone.
  const ownOrganisation = resource === 'organisations' && entity?.id === ownOrganisationId;
  const fields = spec.fields.filter(
    (field) => (creating || !field.createOnly) && !(field.kind === 'parent' && ownOrganisation),
  );
  const [failure, setFailure] = useState<unknown>(null);
  const [credential, setCredential] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      typeboxResolver<FormValues>(creating ? spec.create : spec.update, (issue) =>
        t(`validation.${issue.rule}`, { count: issue.limit }),
      ),
    [creating, spec, t],
  );
  const form = useForm<FormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      ...initialValues(spec, entity, creating),
      // A new organisation goes below the one asked for (?parentId), else the one in view.
      ...(creating && resource === 'organisations'
        ? { parentId: params.get('parentId') ?? String(organisationId) }
        : {}),
      ...(ownOrganisation ? { parentId: undefined } : {}),
    },
  });
  const { register, handleSubmit, formState, getFieldState, setError } = form;
  // The organisations' list is the OEM section's.
  const toList = () =>
    navigate(
      resource === 'organisations' ? paths.oem.organisations : managementHrefs.list(resource),
    );

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(resource, values);
      const saved = creating
        ? await createEntity<Entity>(resource, organisationId, body)
        : await updateEntity<Entity>(resource, entity.id, body);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(resource) });
      // The top bar's organisation picker shows the tree too.
      if (resource === 'organisations')
        await queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY });
      const name = entityName(resource, saved);
      notify(creating ? t('management.edit.created', { name }) : t('management.edit.saved'), {
        type: 'success',
      });
      const issued = (saved as Partial<DeviceWithCredential>).credential;
      if (typeof issued === 'string') setCredential(issued);
      else await toList();
    } catch (error) {
      const names = fields.map((field) => field.name);
      const field =
        error instanceof ApiError
          ? fieldOfError(error.code, errorText(error), names, spec.unique)
          : undefined;
      if (field)
        setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  const title = creating ? t(`management.create.${resource}`) : entityName(resource, entity);

  const control = (field: FormField) => {
    const name = field.name as FieldPath<FormValues>;
    const state = getFieldState(name, formState);
    const label = t(`management.fields.${field.name}`);
    if (field.kind === 'checkbox')
      return (
        <div className="form-check mb-3" key={name}>
          <input
            type="checkbox"
            className="form-check-input"
            id={`field-${name}`}
            {...register(name)}
          />
          <label className="form-check-label" htmlFor={`field-${name}`}>
            {label}
          </label>
        </div>
      );
    if (field.kind === 'parent')
      return (
        <ParentSelect
          key={name}
          label={label}
          organisationId={entity?.id}
          invalid={!!state.error}
          message={state.error?.message}
          className={fieldClasses(
            !!state.error,
            state.isDirty,
            state.isTouched || formState.isSubmitted,
          )}
          {...register(name)}
        />
      );
    if (field.kind === 'role')
      return (
        <RoleSelect
          key={name}
          label={label}
          caller={role}
          current={typeof entity?.user_role === 'string' ? (entity.user_role as Role) : undefined}
          invalid={!!state.error}
          message={state.error?.message}
          className={fieldClasses(
            !!state.error,
            state.isDirty,
            state.isTouched || formState.isSubmitted,
          )}
          {...register(name)}
        />
      );
    return (
      <InputField
        key={name}
        label={label}
        type={field.kind}
        autoComplete={field.autoComplete}
        {...register(name)}
        error={state.error}
        checked={state.isTouched || formState.isSubmitted}
        dirty={state.isDirty}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          creating
            ? t(`management.resources.${resource}`)
            : t('management.edit.editTitle', { resource: t(`management.resource.${resource}`) })
        }
      />
      <div className="row g-4">
        <div className="col-lg-6">
          <Card>
            <Card.Body>
              <form noValidate onSubmit={onSubmit} aria-label={title}>
                {failure !== null && (
                  <Alert variant="danger" role="alert">
                    {errorText(failure)}
                  </Alert>
                )}
                <SyncAlert record={entity} resource={resource} name={title} />
                <fieldset disabled={readOnly}>{fields.map(control)}</fieldset>
                <div className="d-flex gap-2">
                  {!readOnly && (
                    <Button type="submit" disabled={formState.isSubmitting}>
                      {formState.isSubmitting && (
                        <span className="spinner-border spinner-border-sm me-2" aria-hidden />
                      )}
                      {t('management.edit.save')}
                    </Button>
                  )}
                  <Button variant="secondary" onClick={() => void toList()}>
                    {readOnly ? t('management.sync.back') : t('management.edit.cancel')}
                  </Button>
                </div>
              </form>
            </Card.Body>
          </Card>
        </div>
        {!creating && resource === 'devices' && permissions.manageFleet(role) && (
          <div className="col-lg-6">
            <RenewCredential deviceId={entity.id} onIssued={setCredential} />
          </div>
        )}
        {!creating && resource === 'users' && (
          <div className="col-lg-6">
            <ResetPassword userId={entity.id} />
          </div>
        )}
      </div>
      <CredentialDialog
        credential={credential}
        onClose={() => {
          setCredential(null);
          if (creating) void toList();
        }}
      />
    </>
  );
}

type RoleSelectProps = ReturnType<ReturnType<typeof useForm<FormValues>>['register']> & {
  label: string;
  caller: Role;
  current: Role | undefined;
  invalid: boolean;
  message?: string;
  className: string;
};

/** Only the roles the caller may grant, plus the record's own so an edit does not change it unasked. */
function RoleSelect({
  label,
  caller,
  current,
  invalid,
  message,
  className,
  ...select
}: RoleSelectProps) {
  const { t } = useTranslation();
  const roles = grantableRoles(caller);
  if (current && !roles.includes(current)) roles.unshift(current);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor="field-role">
        {label}
      </label>
      <select
        id="field-role"
        className={cn('form-select', className)}
        aria-invalid={invalid}
        aria-describedby="field-role-hint"
        {...select}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {t(`management.roles.${role}`)}
          </option>
        ))}
      </select>
      <div className="invalid-feedback">{message}</div>
      <div className="form-text" id="field-role-hint">
        {t('management.edit.roleHint')}
      </div>
    </div>
  );
}

function RenewCredential({
  deviceId,
  onIssued,
}: {
  deviceId: number;
  onIssued: (credential: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => renewCredential(deviceId),
    onSuccess: (device) => onIssued(device.credential),
  });
  return (
    <Card>
      <Card.Body>
        <Card.Title as="h2" className="h6">
          {t('management.edit.credentialTitle')}
        </Card.Title>
        <p className="text-body-secondary">{t('management.edit.renewConfirm')}</p>
        {mutation.isError && <Alert variant="danger">{errorText(mutation.error)}</Alert>}
        <Button
          variant="outline-dark"
          disabled={mutation.isPending}
          onClick={() => {
            if (window.confirm(t('management.edit.renewConfirm'))) mutation.mutate();
          }}
        >
          {t('management.edit.renewCredential')}
        </Button>
      </Card.Body>
    </Card>
  );
}
