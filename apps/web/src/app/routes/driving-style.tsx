import { DrivingStyle } from '@/features/driving-style/components/driving-style';
import { useOrganisation } from '@/features/organisations/api/get-organisation';
import { useAuthenticatedSession } from '@/lib/auth';

/** /drivingstyle: the fleet driving style of the organisation being viewed. */
export function Component() {
  const organisationId = useAuthenticatedSession().organisation_id;
  const organisation = useOrganisation(organisationId);
  return <DrivingStyle organisationId={organisationId} title={organisation.data?.name ?? ''} />;
}
