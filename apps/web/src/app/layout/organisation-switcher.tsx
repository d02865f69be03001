import { useMemo } from 'react';
import { useOrganisations } from '@/features/organisations/api/get-organisations';
import { OrganisationPicker } from '@/features/organisations/components/organisation-picker';
import { organisationOptions } from '@/features/organisations/organisation-tree';
import { useAuthenticatedSession } from '@/lib/auth';
import { useOrganisationSwitch } from '../organisation-switch';

/** Switching organisation resets the group filter to ALL and lands on the overview (spec §4): see organisation-switch.ts. */
export function OrganisationSwitcher() {
  const user = useAuthenticatedSession();
  const { data } = useOrganisations();
  const options = useMemo(
    () => organisationOptions(data ?? [], user.user_organisation_id),
    [data, user.user_organisation_id],
  );

  const switchTo = useOrganisationSwitch();

  return <OrganisationPicker options={options} value={user.organisation_id} onChange={switchTo} />;
}
