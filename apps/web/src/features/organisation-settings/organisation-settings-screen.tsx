import './locales/register';
import { LANGUAGES, permissions, type OrganisationSettings } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { notify } from '@/components/notifications';
import { ApiError, errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn, fieldClasses } from '@/lib/class-names';
import { saveOrganisationSettings, settingsKey, useOrganisationSettings } from './api';
import {
  BOUNDS,
  FIELDS,
  SECRET_MIN_LENGTH,
  bodyOf,
  formIssues,
  formOf,
  type SettingsForm,
} from './form';

type Field = (typeof FIELDS)[number];

/**
 * Organisation settings (spec §2, §7) of the organisation chosen in the top bar: the control
 * room, media retention, the longest monitoring and the default language. OEM and RESELLER
 * change them; other roles see them read-only (the server answers them 403).
 */
export function OrganisationSettingsScreen() {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const query = useOrganisationSettings(organisationId);
  return (
    <>
      <PageHeader title={t('nav.organisationSettings')} subtitle={t('nav.management')} />
      {query.isPending ? (
        <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
          <Spinner size="sm" aria-hidden /> {t('organisationSettings.loading')}
        </div>
      ) : query.isError ? (
        <Alert variant="danger">
          {t('organisationSettings.loadFailed', { message: errorText(query.error) })}
        </Alert>
      ) : (
        <SettingsEditor key={organisationId} settings={query.data} />
      )}
    </>
  );
}

function SettingsEditor({ settings }: { settings: OrganisationSettings }) {
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
        const bounds = BOUNDS[issue.field as keyof typeof BOUNDS];
        const message =
          bounds && issue.rule === 'invalid'
            ? t('organisationSettings.range', { min: bounds.min, max: bounds.max })
            : t(`validation.${issue.rule}`, { count: issue.limit });
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
  const { register, handleSubmit, formState, getFieldState, setError, reset, watch } = form;
  const clearing = watch('clearSecret');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await saveOrganisationSettings(organisationId, bodyOf(values));
      queryClient.setQueryData(settingsKey(organisationId), saved);
      setSecretSet(saved.alarmWebhookSecretSet);
      reset(formOf(saved));
      notify(t('organisationSettings.saved'), { type: 'success' });
    } catch (error) {
      const field = error instanceof ApiError ? fieldOfMessage(errorText(error)) : undefined;
      if (field)
        setError(field, { type: 'server', message: errorText(error) }, { shouldFocus: true });
      else setFailure(error);
    }
  });

  const input = (name: Field, props: { type?: string; hint: string; disabled?: boolean }) => {
    const state = getFieldState(name, formState);
    const id = `settings-${name}`;
    return (
      <div className="mb-3">
        <label className="form-label" htmlFor={id}>
          {t(`organisationSettings.fields.${name}`)}
        </label>
        <input
          id={id}
          type={props.type ?? 'text'}
          autoComplete="off"
          className={cn(
            'form-control',
            fieldClasses(!!state.error, state.isDirty, state.isTouched || formState.isSubmitted),
          )}
          aria-invalid={!!state.error}
          aria-describedby={`${id}-hint ${id}-feedback`}
          {...register(name, { disabled: !mayChange || props.disabled })}
        />
        <div className="invalid-feedback" id={`${id}-feedback`}>
          {state.error?.message}
        </div>
        <div className="form-text" id={`${id}-hint`}>
          {props.hint}
        </div>
      </div>
    );
  };

  const range = (name: keyof typeof BOUNDS) =>
    t('organisationSettings.hints.range', { min: BOUNDS[name].min, max: BOUNDS[name].max });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('nav.organisationSettings')}>
      {!mayChange && (
        <Alert variant="info" role="note">
          {t('organisationSettings.readOnly')}
        </Alert>
      )}
      {!settings.saved && (
        <p className="text-body-secondary">{t('organisationSettings.defaults')}</p>
      )}
      {failure !== null && (
        <Alert variant="danger" role="alert">
          {errorText(failure)}
        </Alert>
      )}
      <div className="row g-4 mb-4">
        <div className="col-lg-6">
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h6 mb-3">
                {t('organisationSettings.controlRoom')}
              </Card.Title>
              {input('controlRoomIdentifier', {
                hint: t('organisationSettings.hints.controlRoomIdentifier'),
              })}
              {input('alarmWebhookUrl', {
                type: 'url',
                hint: t('organisationSettings.hints.alarmWebhookUrl'),
              })}
              <p className="mb-2" data-testid="secret-state">
                <span
                  className={cn('badge me-2', secretSet ? 'text-bg-success' : 'text-bg-secondary')}
                >
                  {secretSet
                    ? t('organisationSettings.secretSet')
                    : t('organisationSettings.secretNotSet')}
                </span>
              </p>
              {input('alarmWebhookSecret', {
                type: 'password',
                disabled: clearing,
                hint: t('organisationSettings.hints.alarmWebhookSecret', {
                  count: SECRET_MIN_LENGTH,
                }),
              })}
              {secretSet && (
                <div className="form-check">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    id="settings-clearSecret"
                    {...register('clearSecret')}
                  />
                  <label className="form-check-label" htmlFor="settings-clearSecret">
                    {t('organisationSettings.clearSecret')}
                  </label>
                </div>
              )}
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-6">
          <Card className="h-100">
            <Card.Body>
              <Card.Title as="h2" className="h6 mb-3">
                {t('organisationSettings.monitoring')}
              </Card.Title>
              {input('mediaRetentionDays', { type: 'number', hint: range('mediaRetentionDays') })}
              {input('maxMonitoringMinutes', {
                type: 'number',
                hint: range('maxMonitoringMinutes'),
              })}
              <div className="mb-3">
                <label className="form-label" htmlFor="settings-defaultLanguage">
                  {t('organisationSettings.fields.defaultLanguage')}
                </label>
                <select
                  id="settings-defaultLanguage"
                  className="form-select"
                  {...register('defaultLanguage')}
                >
                  {LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {t(`organisationSettings.languages.${language}`)}
                    </option>
                  ))}
                </select>
              </div>
            </Card.Body>
          </Card>
        </div>
      </div>
      {mayChange && (
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden />
          )}
          {t('organisationSettings.save')}
        </Button>
      )}
    </form>
  );
}

/** The field a server refusal names first ("alarmWebhookUrl is not an address"), if any. */
export function fieldOfMessage(message: string): Field | undefined {
  let best: { field: Field; at: number } | undefined;
  for (const field of FIELDS) {
    const at = message.search(new RegExp(`(^|\\W)${field}(?!\\w)`));
    if (at >= 0 && (!best || at < best.at)) best = { field, at };
  }
  return best?.field;
}
