import { useOrganisationOptions } from '@/lib/api/get-organisations';
import { OrganisationPicker } from '@/features/organisations/components/organisation-picker';
import { useAuthenticatedSession } from '@/lib/auth';
import { useOrganisationSwitch } from '../organisation-switch';

/** Switching organisation resets the group filter to ALL and lands on the overview (spec §4): see organisation-switch.ts. */
export function OrganisationSwitcher() {
  const user = useAuthenticatedSession();
  const { options, isPending } = useOrganisationOptions(user.user_organisation_id);

  const switchTo = useOrganisationSwitch();

  return (
    <OrganisationPicker
      options={options}
      value={user.organisation_id}
      onChange={switchTo}
      loading={isPending}
    />
  );
}
