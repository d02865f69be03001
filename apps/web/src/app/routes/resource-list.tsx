import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { useRouteHandle } from '../route-handle';

/** The one list screen that assets, devices, drivers, groups, configuration groups, users and OEM organisations share. */
export function Component() {
  const { t } = useTranslation();
  const { crumb } = useRouteHandle();
  return <PlaceholderScreen title={crumb ? t(crumb) : ''} />;
}
