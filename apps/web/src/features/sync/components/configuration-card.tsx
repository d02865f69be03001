import {
  SYNC_API_KEY_LENGTH,
  SYNC_INTERVAL_MINUTES,
  type SyncConfiguration,
} from '@fleet/contract';
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api-client';
import {
  ApiKeyState,
  ConfigurationCheck,
  ConfigurationInput,
  SelectionFieldset,
} from './configuration-parts';
import { useConfigurationForm } from './use-configuration-form';

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
  const creating = configuration === null;
  const { form, removing, failure, onSubmit } = useConfigurationForm(organisationId, configuration);
  const { isSubmitting } = form.formState;
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
          <ConfigurationInput
            form={form}
            name="server"
            label={t('sync.config.fields.server')}
            hint={t('sync.config.hints.server')}
            type="url"
          />
          {!creating && <ApiKeyState apiKeySet={configuration.apiKeySet} />}
          <ConfigurationInput
            form={form}
            name="apiKey"
            label={creating ? t('sync.config.fields.apiKey') : t('sync.config.fields.newApiKey')}
            hint={
              creating
                ? t('sync.config.hints.apiKey', { count: SYNC_API_KEY_LENGTH.min })
                : t('sync.config.hints.newApiKey')
            }
            type="password"
            disabled={removing}
          />
          {!creating && configuration.apiKeySet && (
            <ConfigurationCheck form={form} name="removeKey" label={t('sync.config.removeKey')} />
          )}
          <SelectionFieldset form={form} />
          <ConfigurationInput
            form={form}
            name="intervalMinutes"
            label={t('sync.config.fields.intervalMinutes')}
            hint={t('sync.config.hints.intervalMinutes', SYNC_INTERVAL_MINUTES)}
            type="number"
          />
          <ConfigurationCheck
            form={form}
            name="enabled"
            label={t('sync.config.fields.enabled')}
            asSwitch
            className="mb-1"
          />
          <div className="form-text mb-3" id="sync-enabled-hint">
            {t('sync.config.hints.enabled')}
          </div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
            {t('sync.config.save')}
          </Button>
        </form>
      </Card.Body>
    </Card>
  );
}
