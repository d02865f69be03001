import { AlertRulesScreen } from '@/features/alerts/alert-rules-screen';
import { useOrganisationName } from '../use-organisation-name';

export function Component() {
  return <AlertRulesScreen subtitle={useOrganisationName()} />;
}
