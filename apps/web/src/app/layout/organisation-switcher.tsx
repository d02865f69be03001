import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useOrganisations } from '@/features/organisations/api/get-organisations';
import { OrganisationPicker } from '@/features/organisations/components/organisation-picker';
import { organisationOptions } from '@/features/organisations/organisation-tree';
import { session, useAuthenticatedSession } from '@/lib/auth';
import { setFilter } from '@/lib/filter';
import { paths } from '@/config/paths';

/** Switching organisation resets the group filter to ALL and lands on the overview (spec §4). */
export function OrganisationSwitcher() {
  const user = useAuthenticatedSession();
  const navigate = useNavigate();
  const { data } = useOrganisations();
  const options = useMemo(
    () => organisationOptions(data ?? [], user.user_organisation_id),
    [data, user.user_organisation_id],
  );

  const switchTo = (organisationId: number) => {
    session.setOrganisation(organisationId);
    setFilter({ group: 'ALL' });
    void navigate(paths.overview);
  };

  return <OrganisationPicker options={options} value={user.organisation_id} onChange={switchTo} />;
}
