import { useTranslation } from 'react-i18next';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { NotFound } from './not-found';
import { useEntityParams } from './use-entity-params';

export function Component() {
  const { t } = useTranslation();
  const entity = useEntityParams();
  if (!entity) return <NotFound />;
  const title = t(entity.type === 'ASSET' ? 'screens.asset' : 'screens.driver', {
    id: entity.entityId,
  });
  return <PlaceholderScreen title={title} subtitle={t('screens.details')} />;
}
