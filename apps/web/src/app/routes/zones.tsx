import { ZonesScreen } from '@/features/zones/components/zones-screen';
import { useOrganisationName } from '../use-organisation-name';

/** /management/zones: the zone editor of the organisation in view (issue 21 §1). */
export function Component() {
  return <ZonesScreen subtitle={useOrganisationName()} />;
}
