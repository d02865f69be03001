import '../locales/register';
import { lazy, Suspense, useState } from 'react';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Loading } from '@/components/loading';
import type { EntityType } from '@/config/paths';
import { ExportMenu } from '@/components/export-menu';
import { exportMonitorings, useMonitorings } from '../api/monitoring';
import { MonitoringCard } from './monitoring-card';
import { LiveVideoNotice, QueryState, usePeriod } from './shared';

// Spec §2: the Requests tab loads lazily.
const RequestsTab = lazy(() => import('./requests-tab'));

type PanelTab = 'monitorings' | 'requests';

/** Spec §2 Monitoring panel (an asset or a driver): tabs Monitoring and Requests. */
export function MonitoringPanel({ type, entityId }: { type: EntityType; entityId: number }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('monitorings');
  const period = usePeriod();
  const monitorings = useMonitorings(type, entityId, period);
  return (
    <div data-testid="monitoring-panel">
      <LiveVideoNotice />
      <Nav
        variant="tabs"
        className="mb-3"
        activeKey={tab}
        onSelect={(key) => key && setTab(key as PanelTab)}
        role="tablist"
      >
        {(['monitorings', 'requests'] as const).map((key) => (
          <Nav.Item key={key}>
            <Nav.Link eventKey={key} role="tab" aria-selected={key === tab}>
              {t(`monitoring.tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div role="tabpanel" aria-label={t(`monitoring.tabs.${tab}`)}>
        {tab === 'monitorings' && (
          <div className="d-flex justify-content-end mb-3">
            <ExportMenu
              onExport={(format, onProgress) =>
                exportMonitorings(type, entityId, period, format, onProgress)
              }
            />
          </div>
        )}
        {tab === 'requests' ? (
          <Suspense fallback={<Loading />}>
            <RequestsTab type={type} entityId={entityId} period={period} />
          </Suspense>
        ) : !monitorings.data ? (
          <QueryState query={monitorings} />
        ) : monitorings.data.length === 0 ? (
          <p className="text-body-secondary">{t('monitoring.none')}</p>
        ) : (
          monitorings.data.map((m) => <MonitoringCard key={m.id} monitoring={m} type={type} />)
        )}
      </div>
    </div>
  );
}
