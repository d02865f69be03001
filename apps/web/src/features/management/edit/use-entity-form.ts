import type { DeviceWithCredential } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { managementHrefs, paths } from '@/config/paths';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { ORGANISATIONS_KEY } from '@/lib/api/get-organisations';
import { useAuthenticatedSession } from '@/lib/auth';
import { typeboxResolver } from '@/lib/typebox-resolver';
import { createEntity, entityQueries, updateEntity, type Entity } from '../api/entities';
import { entityName } from '../columns';
import type { Resource } from '../resources';
import { isReadOnly } from '../sync-marks/sync-mark';
import { FORMS, formFields, startValues, toBody, type FormValues } from './forms';
import { fieldOfError } from './server-errors';

/**
 * The state of entity/edit: the form checked with the contract's body schema, saving (create or
 * update, then back to the list), a server refusal put on its field or else above the form, and
 * a device's new credential to show once.
 */
export function useEntityForm(resource: Resource, entity: Entity | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organisation_id: organisationId, user_organisation_id: ownOrganisationId } =
    useAuthenticatedSession();
  const [params] = useSearchParams();
  const creating = entity === undefined;
  // A synchronised copy is changed on its remote; the server refuses it here (409).
  const readOnly = !creating && isReadOnly(entity);
  const spec = FORMS[resource];
  const ownOrganisation = resource === 'organisations' && entity?.id === ownOrganisationId;
  const fields = formFields(spec, creating, ownOrganisation);
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
    defaultValues: startValues(resource, entity, {
      askedParent: params.get('parentId'),
      organisationId,
      ownOrganisation,
    }),
  });
  // The organisations' list is the OEM section's.
  const toList = () =>
    navigate(
      resource === 'organisations' ? paths.oem.organisations : managementHrefs.list(resource),
    );

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toBody(resource, values);
      const saved = creating
        ? await createEntity<Entity>(resource, organisationId, body)
        : await updateEntity<Entity>(resource, entity.id, body);
      await queryClient.invalidateQueries(entityQueries(resource));
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
        form.setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  return {
    form,
    fields,
    creating,
    readOnly,
    failure,
    onSubmit,
    toList,
    credential,
    /** A renewed credential (the device's side card) shows in the same dialog. */
    showCredential: setCredential,
    closeCredential: () => {
      setCredential(null);
      if (creating) void toList();
    },
  };
}
