import { ManagementOverviewScreen } from '@/features/management/overview/overview-screen';
import { useOrganisationName } from '../use-organisation-name';

export function Component() {
  return <ManagementOverviewScreen subtitle={useOrganisationName()} />;
}
