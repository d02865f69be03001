import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '@/components/placeholder-screen';

export function Component() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('nav.synchronization')} subtitle={t('nav.management')} />;
}
