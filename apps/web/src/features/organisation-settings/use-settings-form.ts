import { permissions, type OrganisationSettings } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { saveOrganisationSettings, settingsKey } from './api';
import {
  bodyOf,
  fieldOfMessage,
  formIssues,
  formOf,
  issueMessage,
  type SettingsForm,
} from './form';

/**
 * The organisation settings form's state: checked with the contract's schema, saved as a whole,
 * a server refusal put on the field it names or else above the form. Roles that may not change
 * the settings get the form disabled.
 */
export function useSettingsForm(settings: OrganisationSettings) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user_role: role } = useAuthenticatedSession();
  const mayChange = permissions.organisationSettings(role);
  const organisationId = settings.organisationId;
  const [failure, setFailure] = useState<unknown>(null);
  const [secretSet, setSecretSet] = useState(settings.alarmWebhookSecretSet);

  const resolver = useMemo<Resolver<SettingsForm>>(
    () => (values) => {
      const issues = formIssues(values);
      if (issues.length === 0) return { values, errors: {} };
      const errors: Record<string, FieldError> = {};
      for (const issue of issues) {
        const text = issueMessage(issue);
        const message =
          'range' in text
            ? t('organisationSettings.range', text.range)
            : t(`validation.${text.rule}`, { count: text.count });
        errors[issue.field] = { type: issue.rule, message };
      }
      return { values: {}, errors };
    },
    [t],
  );
  const form = useForm<SettingsForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: formOf(settings),
    disabled: !mayChange,
  });
  // The saved secret is to be removed: the new-secret field is then ignored and disabled.
  const clearing = useWatch({ control: form.control, name: 'clearSecret' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveOrganisationSettings(organisationId, bodyOf(values));
      queryClient.setQueryData(settingsKey(organisationId), saved);
      setSecretSet(saved.alarmWebhookSecretSet);
      form.reset(formOf(saved));
      notify(t('organisationSettings.saved'), { type: 'success' });
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfMessage(errorText(error)) : undefined;
      if (field)
        form.setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  return {
    form,
    mayChange,
    failure,
    secretSet,
    clearing,
    onSubmit,
  };
}
