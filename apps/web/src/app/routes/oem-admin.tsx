import { AdminScreen } from '@/features/admin/admin-screen';

export function Component() {
  return <AdminScreen />;
}
