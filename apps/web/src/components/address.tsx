import type { Location } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { useAddress } from '@/lib/api/geocode';
import '@/locales/dashboards/register';

/** A reverse-geocoded address; 'Unknown' without a location or when nothing is known (spec §8). */
export function Address({ location }: { location: Location | null | undefined }) {
  const { t } = useTranslation();
  const { address, loading } = useAddress(location);
  if (loading) return <span className="text-body-secondary">{t('address.loading')}</span>;
  return <span>{address ?? t('address.unknown')}</span>;
}
