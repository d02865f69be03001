import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { NotificationsProvider } from '@/components/notifications';
import { i18n } from '@/lib/i18n';

/**
 * Providers every page needs. The session needs none: it is an external store (lib/auth.ts) read
 * with useSession. The query client is provided by a lazily loaded layout route
 * (query-provider.tsx) that wraps every route but /login, which keeps it off the sign-in page.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </I18nextProvider>
  );
}
