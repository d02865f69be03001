import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** Stands in for a screen that a later change builds, so its route already works. */
export function PlaceholderScreen({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <p className="text-body-secondary" data-testid="placeholder">
        {t('screens.comingSoon')}
      </p>
    </>
  );
}
