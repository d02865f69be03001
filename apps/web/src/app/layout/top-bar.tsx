import { useTranslation } from 'react-i18next';
import { NotificationBell } from '@/features/alerts/notification-bell';
import { cn } from '@/lib/class-names';
import { OrganisationSwitcher } from './organisation-switcher';
import { UserMenu } from './user-menu';

type Props = { className?: string; sidebarOpen: boolean; onToggleSidebar: () => void };

export function TopBar({ className, sidebarOpen, onToggleSidebar }: Props) {
  const { t } = useTranslation();
  return (
    <header
      className={cn('app-top-bar navbar bg-body border-bottom px-3 gap-3 flex-nowrap', className)}
    >
      <button
        type="button"
        className="navbar-toggler d-xl-none"
        aria-label={t('topBar.toggleSidebar')}
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        onClick={onToggleSidebar}
      >
        <span className="navbar-toggler-icon" />
      </button>
      <OrganisationSwitcher />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
