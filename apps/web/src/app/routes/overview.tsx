import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { useOrganisation } from '@/features/organisations/api/get-organisation';
import { useAuthenticatedSession } from '@/lib/auth';

export function Component() {
  const { t } = useTranslation();
  const organisation = useOrganisation(useAuthenticatedSession().organisation_id);
  return (
    <PlaceholderScreen title={organisation.data?.name ?? ''} subtitle={t('nav.fleetOverview')} />
  );
}
