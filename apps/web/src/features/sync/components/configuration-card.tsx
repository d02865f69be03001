import {
  ErrorCode,
  SYNC_API_KEY_LENGTH,
  SYNC_INTERVAL_MINUTES,
  type CreateSyncConfigurationBody,
  type SyncConfiguration,
  type UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { cn, fieldClasses } from '@/lib/class-names';
import { createConfiguration, syncKeys, updateConfiguration } from '../api/configuration';
import {
  bodyOf,
  fieldOfServerError,
  formIssues,
  formOf,
  SELECTION_KINDS,
  type ConfigurationForm,
  type FormIssue,
} from '../configuration-form';

/**
 * The configuration of the organisation's synchronisation: the remote's address, its API key
 * (write-only: set or not, replaced or removed), what to synchronise, the interval and whether
 * runs are scheduled. Without a configuration it creates one.
 */
export function ConfigurationCard({
  organisationId,
  configuration,
}: {
  organisationId: number;
  configuration: SyncConfiguration | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = configuration === null;
  const [failure, setFailure] = useState<unknown>(null);

  const resolver = useMemo<Resolver<ConfigurationForm>>(() => {
    const message = (issue: FormIssue): string => {
      if (issue.rule === 'deviceLinks' || issue.rule === 'driverLinks')
        return t(`sync.config.selection.${issue.rule}`);
      if (issue.field === 'intervalMinutes' && issue.rule === 'invalid')
        return t('sync.config.interval', SYNC_INTERVAL_MINUTES);
      if (issue.field === 'server' && issue.rule === 'invalid')
        return t('sync.config.serverInvalid');
      return t(`validation.${issue.rule}`, { count: issue.limit });
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

  const form = useForm<ConfigurationForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: formOf(configuration),
  });
  const { register, handleSubmit, formState, getFieldState, setError, reset, control } = form;
  const removing = useWatch({ control, name: 'removeKey' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = creating
        ? await createConfiguration(
            organisationId,
            bodyOf(values, true) as CreateSyncConfigurationBody,
          )
        : await updateConfiguration(
            configuration.id,
            bodyOf(values, false) as UpdateSyncConfigurationBody,
          );
      queryClient.setQueryData(syncKeys.configuration(organisationId), saved);
      // The remote's list is asked again with the new address or key.
      await queryClient.invalidateQueries({ queryKey: ['sync', 'remote-organisations'] });
      await queryClient.invalidateQueries({ queryKey: syncKeys.lastResults });
      reset(formOf(saved));
      notify(t('sync.config.saved'), { type: 'success' });
    } catch (error) {
      const field =
        error instanceof ApiError && error.code === ErrorCode.VALIDATION_ERROR
          ? fieldOfServerError(errorText(error))
          : undefined;
      if (field)
        setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
      // Created meanwhile elsewhere (409): show the one that exists.
      if (error instanceof ApiError && error.status === 409)
        await queryClient.invalidateQueries({ queryKey: syncKeys.configuration(organisationId) });
    }
  });

  const state = (name: keyof ConfigurationForm) => {
    const field = getFieldState(name, formState);
    return {
      error: field.error,
      classes: fieldClasses(!!field.error, field.isDirty, field.isTouched || formState.isSubmitted),
    };
  };

  const textField = (
    name: 'server' | 'apiKey' | 'intervalMinutes',
    props: { label: string; hint: string; type?: string; disabled?: boolean },
  ) => {
    const { error, classes } = state(name);
    const id = `sync-${name}`;
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={id}>
          {props.label}
        </label>
        <input
          id={id}
          type={props.type ?? 'text'}
          autoComplete="off"
          spellCheck={false}
          className={cn('form-control', classes)}
          aria-invalid={!!error}
          aria-describedby={`${id}-hint ${id}-feedback`}
          {...register(name, { disabled: props.disabled })}
        />
        <div className="invalid-feedback" id={`${id}-feedback`}>
          {error?.message}
        </div>
        <div className="form-text" id={`${id}-hint`}>
          {props.hint}
        </div>
      </div>
    );
  };

  const selection = state('synchronise');

  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          {t('sync.config.title')}
        </Card.Title>
        {creating && (
          <Alert variant="info" data-testid="not-configured">
            {t('sync.config.notConfigured')}
          </Alert>
        )}
        <form noValidate onSubmit={onSubmit} aria-label={t('sync.config.title')}>
          {failure !== null && (
            <Alert variant="danger" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          {textField('server', {
            label: t('sync.config.fields.server'),
            hint: t('sync.config.hints.server'),
            type: 'url',
          })}
          {!creating && (
            <p className="mb-2" data-testid="api-key-state">
              <span
                className={cn(
                  'badge',
                  configuration.apiKeySet ? 'text-bg-success' : 'text-bg-secondary',
                )}
              >
                {configuration.apiKeySet ? t('sync.config.keySet') : t('sync.config.keyNotSet')}
              </span>
            </p>
          )}
          {textField('apiKey', {
            label: creating ? t('sync.config.fields.apiKey') : t('sync.config.fields.newApiKey'),
            hint: creating
              ? t('sync.config.hints.apiKey', { count: SYNC_API_KEY_LENGTH.min })
              : t('sync.config.hints.newApiKey'),
            type: 'password',
            disabled: removing,
          })}
          {!creating && configuration.apiKeySet && (
            <div className="form-check mb-3">
              <input
                type="checkbox"
                className="form-check-input"
                id="sync-removeKey"
                {...register('removeKey')}
              />
              <label className="form-check-label" htmlFor="sync-removeKey">
                {t('sync.config.removeKey')}
              </label>
            </div>
          )}
          <fieldset
            className="mb-3"
            aria-describedby="sync-synchronise-hint sync-synchronise-feedback"
          >
            <legend className="form-label fs-6 mb-1">{t('sync.config.fields.synchronise')}</legend>
            <div className={cn('d-flex flex-wrap column-gap-3', selection.error && 'is-invalid')}>
              {SELECTION_KINDS.map((kind) => (
                <div className="form-check" key={kind}>
                  <input
                    type="checkbox"
                    className={cn('form-check-input', selection.error && 'is-invalid')}
                    id={`sync-synchronise-${kind}`}
                    {...register(`synchronise.${kind}`, {
                      // The rule spans the boxes: check it again on each change.
                      onChange: () => formState.isSubmitted && void form.trigger('synchronise'),
                    })}
                  />
                  <label className="form-check-label" htmlFor={`sync-synchronise-${kind}`}>
                    {t(`sync.kinds.${KIND_OF[kind]}`)}
                  </label>
                </div>
              ))}
            </div>
            <div className="invalid-feedback" id="sync-synchronise-feedback">
              {selection.error?.message}
            </div>
            <div className="form-text" id="sync-synchronise-hint">
              {t('sync.config.hints.synchronise')}
            </div>
          </fieldset>
          {textField('intervalMinutes', {
            label: t('sync.config.fields.intervalMinutes'),
            hint: t('sync.config.hints.intervalMinutes', SYNC_INTERVAL_MINUTES),
            type: 'number',
          })}
          <div className="form-check form-switch mb-1">
            <input
              type="checkbox"
              role="switch"
              className="form-check-input"
              id="sync-enabled"
              aria-describedby="sync-enabled-hint"
              {...register('enabled')}
            />
            <label className="form-check-label" htmlFor="sync-enabled">
              {t('sync.config.fields.enabled')}
            </label>
          </div>
          <div className="form-text mb-3" id="sync-enabled-hint">
            {t('sync.config.hints.enabled')}
          </div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden />
            )}
            {t('sync.config.save')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}

const KIND_OF = {
  assets: 'ASSET',
  drivers: 'DRIVER',
  devices: 'DEVICE',
  deviceLinks: 'DEVICE_LINK',
  driverLinks: 'DRIVER_LINK',
} as const;
