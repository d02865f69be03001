import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('errors.notFound')} />
      <p>{t('errors.notFoundText')}</p>
      <Link to={paths.overview}>{t('errors.toOverview')}</Link>
    </>
  );
}

export { NotFound as Component };
