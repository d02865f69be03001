import { CoachingReportScreen } from '@/features/safety/components/coaching-report-screen';
import { useOrganisationName } from '../use-organisation-name';

/** /safety/coaching: the coaching report of the organisation in view (issue 20 §5). */
export function Component() {
  return <CoachingReportScreen subtitle={useOrganisationName()} />;
}
