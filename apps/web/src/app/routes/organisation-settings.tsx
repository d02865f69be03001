import { OrganisationSettingsScreen } from '@/features/organisation-settings/organisation-settings-screen';
import { useOrganisationName } from '../use-organisation-name';

export function Component() {
  return <OrganisationSettingsScreen subtitle={useOrganisationName()} />;
}
