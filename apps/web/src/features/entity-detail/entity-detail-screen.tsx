import './locales/register';
import { Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { EntityType } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { PeriodFilter } from '@/components/period-filter';
import { useAuthenticatedSession } from '@/lib/auth';
import { useEntity, type Entity } from './api/get-entity';
import { CalendarTab } from './components/calendar-tab';
import { DrivingStyleTab } from './components/driving-style-tab';
import { HeatmapTab } from './components/heatmap-tab';
import { RawDataTab } from './components/raw-data-tab';
import { QueryState } from './components/shared';
import { TripsTab } from './components/trips-tab';
import { isTab, PERIOD_TABS, visibleTabs, type Tab } from './tabs';
import { SlotsContext, useSlots, type EntitySlots } from './slots';
import { setTripDay } from './state';

function Placeholder() {
  const { t } = useTranslation();
  return (
    <p className="text-body-secondary" data-testid="placeholder">
      {t('entity.placeholder')}
    </p>
  );
}

function TabContent({
  tab,
  entity,
  select,
}: {
  tab: Tab;
  entity: Entity;
  select: (tab: Tab) => void;
}) {
  const slots = useSlots();
  switch (tab) {
    case 'calendar':
      return (
        <CalendarTab
          entity={entity}
          onTrips={(day) => {
            setTripDay(day);
            select('trips');
          }}
        />
      );
    case 'trips':
      return <TripsTab entity={entity} />;
    case 'drivingStyle':
      return <DrivingStyleTab entity={entity} />;
    case 'heatmap':
      return <HeatmapTab entity={entity} />;
    case 'rawData':
      return <RawDataTab entity={entity} />;
    case 'media':
      if (slots.mediaTab) return slots.mediaTab(entity);
      return <Placeholder />;
    case 'safety':
      if (slots.safetyTab) return slots.safetyTab(entity);
      return <Placeholder />;
    case 'monitoring':
      if (slots.monitoringTab) return slots.monitoringTab(entity);
      return <Placeholder />;
  }
}

const NO_SLOTS: EntitySlots = {};

/**
 * Spec §2 Entity detail: an asset or a driver, with its pill tabs (the tab is in ?tab=). `slots`
 * are the parts other features build (slots.tsx), composed in by app/.
 */
export function EntityDetailScreen({
  type,
  entityId,
  slots = NO_SLOTS,
}: {
  type: EntityType;
  entityId: number;
  slots?: EntitySlots;
}) {
  const { t } = useTranslation();
  const { user_role } = useAuthenticatedSession();
  const entity = useEntity(type, entityId);
  // useLocation and useNavigate rather than useSearchParams: the router lives in the sign-in
  // bundle, and only the hooks in use are bundled there.
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = visibleTabs(type, user_role);
  const asked = new URLSearchParams(location.search).get('tab');
  const tab: Tab = isTab(asked) && tabs.includes(asked) ? asked : 'calendar';
  const select = (next: Tab) => {
    const params = new URLSearchParams(location.search);
    params.set('tab', next);
    void navigate({ search: `?${params}` });
  };

  return (
    <SlotsContext.Provider value={slots}>
      <PageHeader title={entity.data?.name ?? '\u00a0'} subtitle={t('entity.details')} />
      <Nav
        variant="pills"
        className="mb-3 flex-wrap"
        activeKey={tab}
        onSelect={(key) => isTab(key) && select(key)}
        role="tablist"
      >
        {tabs.map((key) => (
          <Nav.Item key={key}>
            <Nav.Link eventKey={key} role="tab" aria-selected={key === tab}>
              {t(`entity.tabs.${key}`)}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      {!entity.data ? (
        <QueryState query={entity} />
      ) : (
        <section role="tabpanel" aria-label={t(`entity.tabs.${tab}`)}>
          {PERIOD_TABS.includes(tab) && <PeriodFilter />}
          <TabContent tab={tab} entity={entity.data} select={select} />
        </section>
      )}
    </SlotsContext.Provider>
  );
}
