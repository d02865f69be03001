import './locales/register';
import type { OrganisationSettings } from '@fleet/contract';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { useOrganisationSettings } from './api';
import { ControlRoomCard, MonitoringCard } from './settings-parts';
import { useSettingsForm } from './use-settings-form';

/**
 * Organisation settings (spec §2, §7) of the organisation chosen in the top bar: the control
 * room, media retention, the longest monitoring and the default language. OEM and RESELLER
 * change them; other roles see them read-only (the server answers them 403).
 */
export function OrganisationSettingsScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const query = useOrganisationSettings(organisationId);
  return (
    <>
      <PageHeader
        title={t('nav.organisationSettings')}
        subtitle={subtitle || t('nav.management')}
      />
      {query.isPending ? (
        <Loading label={t('organisationSettings.loading')} />
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
  const { form, mayChange, failure, secretSet, clearing, onSubmit } = useSettingsForm(settings);
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
          <ControlRoomCard
            form={form}
            mayChange={mayChange}
            secretSet={secretSet}
            clearing={clearing}
          />
        </div>
        <div className="col-lg-6">
          <MonitoringCard form={form} mayChange={mayChange} />
        </div>
      </div>
      {mayChange && (
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden />
          )}
          {t('organisationSettings.save')}
        </Button>
      )}
    </form>
  );
}
