import { ZoneReportScreen } from '@/features/zones/components/zone-report-screen';
import { useOrganisationName } from '../use-organisation-name';

/** /zones/report: the zone visits of the organisation in view (issue 21 §1). */
export function Component() {
  return <ZoneReportScreen subtitle={useOrganisationName()} />;
}
