import { OrganisationSettingsScreen } from '@/features/organisation-settings/organisation-settings-screen';

export function Component() {
  return <OrganisationSettingsScreen />;
}
