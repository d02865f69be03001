import { lazy, Suspense, type ReactNode } from 'react';
import { createStore, useStore } from '@/lib/store';

const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationType = 'default' | 'info' | 'primary' | 'danger' | 'warning' | 'success';

export type NotificationOptions = {
  type?: NotificationType;
  timeout?: number;
  closeOnClick?: boolean;
  horizontalAlign?: 'left' | 'center' | 'right';
  verticalAlign?: 'top' | 'bottom';
};

export type NotificationItem = Required<NotificationOptions> & { id: number; message: string };

export const notifications = createStore<NotificationItem[]>([]);
let nextId = 1;

/** Shows a toast; callable from anywhere, including outside React (e.g. the query cache). */
export function notify(message: string, options: NotificationOptions = {}) {
  const notification: NotificationItem = {
    id: nextId++,
    message,
    type: 'default',
    timeout: NOTIFICATION_TIMEOUT_MS,
    closeOnClick: true,
    horizontalAlign: 'right',
    verticalAlign: 'top',
    ...options,
  };
  notifications.set([...notifications.get(), notification]);
}

// Loaded with the first toast, so the sign-in page does not carry the toast code.
const NotificationToasts = lazy(() => import('./notification-toasts'));

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const list = useStore(notifications);
  return (
    <>
      {children}
      {list.length > 0 && (
        <Suspense>
          <NotificationToasts list={list} />
        </Suspense>
      )}
    </>
  );
}
