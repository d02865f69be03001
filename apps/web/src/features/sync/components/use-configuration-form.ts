import {
  ErrorCode,
  type CreateSyncConfigurationBody,
  type SyncConfiguration,
  type UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { createConfiguration, syncKeys, updateConfiguration } from '../api/configuration';
import {
  bodyOf,
  fieldOfServerError,
  formIssues,
  formOf,
  issueText,
  type ConfigurationForm,
  type FormIssue,
} from '../configuration-form';

/** The form's check: the contract's schema and the selection rule, a translated message each. */
function useResolver(creating: boolean): Resolver<ConfigurationForm> {
  const { t } = useTranslation();
  return useMemo<Resolver<ConfigurationForm>>(() => {
    const message = (issue: FormIssue): string => {
      const text = issueText(issue);
      switch (text.text) {
        case 'selection':
          return t(`sync.config.selection.${text.rule}`);
        case 'interval':
          return t('sync.config.interval', text.range);
        case 'serverInvalid':
          return t('sync.config.serverInvalid');
        case 'rule':
          return t(`validation.${text.rule}`, { count: text.count });
      }
    };
    return (values) => {
      const issues = formIssues(values, creating);
      if (issues.length === 0) return { values, errors: {} };
      const errors: Record<string, FieldError> = {};
      for (const issue of issues)
        errors[issue.field] ??= { type: issue.rule, message: message(issue) };
      return { values: {}, errors };
    };
  }, [t, creating]);
}

/**
 * The synchronisation configuration form's state: without a configuration it creates one,
 * else it changes it. A server refusal stands at the field it names, or else above the form;
 * a 409 (created meanwhile elsewhere) loads the one that exists.
 */
export function useConfigurationForm(
  organisationId: number,
  configuration: SyncConfiguration | null,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = configuration === null;
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<ConfigurationForm>({
    resolver: useResolver(creating),
    mode: 'onTouched',
    defaultValues: formOf(configuration),
  });
  // The saved key is to be removed: the new-key field is then ignored and disabled.
  const removing = useWatch({ control: form.control, name: 'removeKey' });

  const save = (values: ConfigurationForm) =>
    creating
      ? createConfiguration(organisationId, bodyOf(values, true) as CreateSyncConfigurationBody)
      : updateConfiguration(configuration.id, bodyOf(values, false) as UpdateSyncConfigurationBody);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      queryClient.setQueryData(syncKeys.configuration(organisationId), saved);
      // The remote's list is asked again with the new address or key.
      await queryClient.invalidateQueries(syncKeys.remoteOrganisations);
      await queryClient.invalidateQueries({ queryKey: syncKeys.lastResults });
      form.reset(formOf(saved));
      notify(t('sync.config.saved'), { type: 'success' });
    } catch (error) {
      const field =
        error instanceof ApiError && error.code === ErrorCode.VALIDATION_ERROR
          ? fieldOfServerError(errorText(error))
          : undefined;
      if (field)
        form.setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: syncKeys.configuration(organisationId) });
    }
  });

  return { form, removing, failure, onSubmit };
}
