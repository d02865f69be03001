import { ManagementOverviewScreen } from '@/features/management/overview/overview-screen';

export function Component() {
  return <ManagementOverviewScreen />;
}
