import { FailedSynchronizationsScreen } from '@/features/sync/components/failed-synchronizations-screen';

export function Component() {
  return <FailedSynchronizationsScreen />;
}
