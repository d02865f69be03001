import { permissions, type Role } from '@fleet/contract';
import type { ParseKeys } from 'i18next';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { paths } from '@/config/paths';

type Entry = { to: string; label: ParseKeys; allowed?: (role: Role) => boolean };
type Section = { title: ParseKeys; entries: Entry[]; allowed?: (role: Role) => boolean };

const SECTIONS: Section[] = [
  {
    title: 'nav.dashboards',
    entries: [
      { to: paths.overview, label: 'nav.fleetOverview' },
      { to: paths.drivingStyle, label: 'nav.fleetDrivingStyle' },
      { to: paths.zones.report, label: 'nav.zoneReport', allowed: permissions.manageFleet },
    ],
  },
  {
    // Issue 20: reviewers' and coaches' inbox of safety cases.
    title: 'nav.safety',
    entries: [
      { to: paths.safety.inbox, label: 'nav.safetyCases', allowed: permissions.manageFleet },
      { to: paths.safety.my, label: 'nav.mySafety', allowed: (role) => role === 'DRIVER' },
      {
        to: paths.safety.coachingReport,
        label: 'nav.coachingReport',
        allowed: permissions.manageFleet,
      },
      { to: paths.safety.settings, label: 'nav.safetySettings', allowed: permissions.manageFleet },
    ],
  },
  {
    title: 'nav.management',
    entries: [
      { to: paths.management.overview, label: 'nav.managementOverview' },
      { to: paths.management.assets, label: 'nav.assets' },
      { to: paths.management.devices, label: 'nav.devices' },
      { to: paths.management.drivers, label: 'nav.drivers' },
      { to: paths.management.groups, label: 'nav.groups' },
      { to: paths.management.configurationGroups, label: 'nav.configurationGroups' },
      { to: paths.management.users, label: 'nav.users' },
      { to: paths.management.zones, label: 'nav.zones', allowed: permissions.manageFleet },
      {
        to: paths.management.alertRules,
        label: 'nav.alertRules',
        allowed: permissions.manageFleet,
      },
      { to: paths.management.reportSubscriptions, label: 'nav.reportSubscriptions' },
      {
        to: paths.management.synchronization,
        label: 'nav.synchronization',
        allowed: permissions.synchronization,
      },
      {
        to: paths.management.organisationSettings,
        label: 'nav.organisationSettings',
        allowed: permissions.organisationSettings,
      },
    ],
  },
  {
    title: 'nav.oem',
    allowed: permissions.oemSection,
    entries: [
      { to: paths.oem.admin, label: 'nav.admin' },
      { to: paths.oem.organisations, label: 'nav.organisationOverview' },
      { to: paths.oem.failedSynchronizations, label: 'nav.failedSynchronizations' },
    ],
  },
];

type Props = {
  open: boolean;
  onNavigate: () => void;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
};

const mouseOnly = (handler: () => void) => (event: PointerEvent) => {
  if (event.pointerType === 'mouse') handler();
};

export function Sidebar({ open, onNavigate, onPointerEnter, onPointerLeave }: Props) {
  const { t } = useTranslation();
  const { user_role: role } = useAuthenticatedSession();
  const allowed = (item: { allowed?: (role: Role) => boolean }) =>
    !item.allowed || item.allowed(role);

  return (
    <nav
      id="app-sidebar"
      aria-label={t('nav.sidebar')}
      data-bs-theme="dark"
      className={cn('app-sidebar bg-body-tertiary', open && 'open')}
      onPointerEnter={mouseOnly(onPointerEnter)}
      onPointerLeave={mouseOnly(onPointerLeave)}
    >
      <div className="app-sidebar-brand">{t('app.name')}</div>
      {SECTIONS.filter((section) => allowed(section) && section.entries.some(allowed)).map(
        (section) => (
          <section key={section.title}>
            <h2 className="app-sidebar-heading">{t(section.title)}</h2>
            <ul className="nav nav-pills flex-column px-2">
              {section.entries.filter(allowed).map((entry) => (
                <li key={entry.to} className="nav-item">
                  <NavLink className="nav-link" to={entry.to} onClick={onNavigate}>
                    {t(entry.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ),
      )}
    </nav>
  );
}
