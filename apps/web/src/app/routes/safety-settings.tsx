import { SafetySettingsScreen } from '@/features/safety/components/safety-settings-screen';
import { useOrganisationName } from '../use-organisation-name';

/** /safety/settings: the organisation's safety settings (issue 20 §7). */
export function Component() {
  return <SafetySettingsScreen subtitle={useOrganisationName()} />;
}
