import { LANGUAGES } from '@fleet/contract';
import { Card } from 'react-bootstrap';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn, fieldClasses } from '@/lib/class-names';
import { BOUNDS, SECRET_MIN_LENGTH, type FIELDS, type SettingsForm } from './form';

type Form = UseFormReturn<SettingsForm>;

/** A labelled input of the settings with its hint and its message. */
function SettingsInput({
  form,
  name,
  mayChange,
  type = 'text',
  hint,
  disabled,
}: {
  form: Form;
  name: (typeof FIELDS)[number];
  mayChange: boolean;
  type?: string;
  hint: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { register, formState, getFieldState } = form;
  const state = getFieldState(name, formState);
  const id = `settings-${name}`;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`organisationSettings.fields.${name}`)}
      </label>
      <input
        id={id}
        type={type}
        autoComplete="off"
        className={cn(
          'form-control',
          fieldClasses(!!state.error, state.isDirty, state.isTouched || formState.isSubmitted),
        )}
        aria-invalid={!!state.error}
        aria-describedby={`${id}-hint ${id}-feedback`}
        {...register(name, { disabled: !mayChange || disabled })}
      />
      <div className="invalid-feedback" id={`${id}-feedback`}>
        {state.error?.message}
      </div>
      <div className="form-text" id={`${id}-hint`}>
        {hint}
      </div>
    </div>
  );
}

/** The control room: its identifier, the alarm webhook's address and its secret. */
export function ControlRoomCard({
  form,
  mayChange,
  secretSet,
  clearing,
}: {
  form: Form;
  mayChange: boolean;
  secretSet: boolean;
  clearing: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          {t('organisationSettings.controlRoom')}
        </Card.Title>
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="controlRoomIdentifier"
          hint={t('organisationSettings.hints.controlRoomIdentifier')}
        />
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="alarmWebhookUrl"
          type="url"
          hint={t('organisationSettings.hints.alarmWebhookUrl')}
        />
        <p className="mb-2" data-testid="secret-state">
          <span className={cn('badge me-2', secretSet ? 'text-bg-success' : 'text-bg-secondary')}>
            {secretSet
              ? t('organisationSettings.secretSet')
              : t('organisationSettings.secretNotSet')}
          </span>
        </p>
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="alarmWebhookSecret"
          type="password"
          disabled={clearing}
          hint={t('organisationSettings.hints.alarmWebhookSecret', { count: SECRET_MIN_LENGTH })}
        />
        {secretSet && (
          <div className="form-check">
            <input
              type="checkbox"
              className="form-check-input"
              id="settings-clearSecret"
              {...form.register('clearSecret')}
            />
            <label className="form-check-label" htmlFor="settings-clearSecret">
              {t('organisationSettings.clearSecret')}
            </label>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}

/** Media and raw-data retention, the longest monitoring and the default language. */
export function MonitoringCard({ form, mayChange }: { form: Form; mayChange: boolean }) {
  const { t } = useTranslation();
  const range = (name: keyof typeof BOUNDS) =>
    t('organisationSettings.hints.range', { min: BOUNDS[name].min, max: BOUNDS[name].max });
  return (
    <Card className="h-100">
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-3">
          {t('organisationSettings.monitoring')}
        </Card.Title>
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="mediaRetentionDays"
          type="number"
          hint={range('mediaRetentionDays')}
        />
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="rawRetentionDays"
          type="number"
          hint={`${t('organisationSettings.hints.rawRetentionDays')} ${range('rawRetentionDays')}`}
        />
        <SettingsInput
          form={form}
          mayChange={mayChange}
          name="maxMonitoringMinutes"
          type="number"
          hint={range('maxMonitoringMinutes')}
        />
        <div className="mb-3">
          <label className="form-label" htmlFor="settings-defaultLanguage">
            {t('organisationSettings.fields.defaultLanguage')}
          </label>
          <select
            id="settings-defaultLanguage"
            className="form-select"
            {...form.register('defaultLanguage')}
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
  );
}
