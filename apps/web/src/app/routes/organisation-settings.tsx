import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '@/components/placeholder-screen';

export function Component() {
  const { t } = useTranslation();
  return <PlaceholderScreen title={t('nav.organisationSettings')} subtitle={t('nav.management')} />;
}
