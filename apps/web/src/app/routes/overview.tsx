import { FleetOverview } from '@/features/fleet-overview/components/fleet-overview';
import { useOrganisation } from '@/features/organisations/api/get-organisation';
import { useOrganisationSwitch, useSwitchedOrganisation } from '../organisation-switch';

/** /overview: the fleet overview of the organisation being viewed, titled with its name. */
export function Component() {
  const organisationId = useSwitchedOrganisation();
  const organisation = useOrganisation(organisationId);
  const switchTo = useOrganisationSwitch();
  return (
    <FleetOverview
      organisationId={organisationId}
      title={organisation.data?.name ?? ''}
      onOpenOrganisation={switchTo}
    />
  );
}
