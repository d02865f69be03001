import { ReportSubscriptionsScreen } from '@/features/report-subscriptions/report-subscriptions-screen';
import { useOrganisationName } from '../use-organisation-name';

export function Component() {
  return <ReportSubscriptionsScreen subtitle={useOrganisationName()} />;
}
