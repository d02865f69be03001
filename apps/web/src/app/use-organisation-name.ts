import { useOrganisation } from '@/features/organisations/api/get-organisation';
import { useAuthenticatedSession } from '@/lib/auth';

/**
 * The name of the organisation chosen in the top bar, for the subtitles of the management and
 * settings screens (issue 19 §8: like the dashboards, they say whose data they show); empty
 * until it is known.
 */
export function useOrganisationName(): string {
  const { organisation_id } = useAuthenticatedSession();
  return useOrganisation(organisation_id).data?.name ?? '';
}
