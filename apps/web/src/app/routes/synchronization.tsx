import { SynchronizationScreen } from '@/features/sync/components/synchronization-screen';

export function Component() {
  return <SynchronizationScreen />;
}
