import { useLocation } from 'react-router';
import { MonitoringView } from '@/features/monitoring/components/monitoring-view';

/** The public monitoring view (/monitoring?t=token), outside the signed-in shell (spec §2). */
export function Component() {
  const token = new URLSearchParams(useLocation().search).get('t');
  return <MonitoringView token={token} />;
}
