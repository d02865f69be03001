import './locales/register';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { DeleteDataCard } from './components/delete-data-card';
import { DriverLinksCard } from './components/driver-links-card';
import { QueryPointsCard } from './components/query-points-card';
import { ReprocessCard } from './components/reprocess-card';

/** The OEM admin page (/oem/admin): the admin base of spec §7, one card per call. */
export function AdminScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('nav.admin')} subtitle={t('admin.subtitle')} />
      <div className="row g-4">
        <div className="col-xl-6">
          <ReprocessCard />
        </div>
        <div className="col-xl-6">
          <DeleteDataCard />
        </div>
        <div className="col-12">
          <QueryPointsCard />
        </div>
        <div className="col-12">
          <DriverLinksCard />
        </div>
      </div>
    </>
  );
}
