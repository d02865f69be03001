import './locales/register';
import type { AlertNotification } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Badge, Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { notify } from '@/components/notifications';
import { markAllRead, markRead, notificationsKey, useNotifications } from './api';
import { notificationTitle } from './notification-text';

/** Toasts the notifications that arrived since the list was last seen (not those of the first load). */
function useArrivalToasts(items: AlertNotification[] | undefined) {
  const { t } = useTranslation();
  const newest = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!items) return;
    const top = items[0]?.id ?? 0;
    if (newest.current !== undefined)
      for (const n of items.filter((i) => i.id > newest.current! && !i.read).reverse())
        notify(t('alerts.toast', { what: notificationTitle(t, n), asset: n.assetName ?? '' }), {
          type: 'warning',
          timeout: 8000,
        });
    newest.current = Math.max(newest.current ?? 0, top);
  }, [items, t]);
}

function BellIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
      <path d="M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zm.995-14.901a1 1 0 1 0-1.99 0A5.002 5.002 0 0 0 3 6c0 1.098-.5 6-2 7h14c-1.5-1-2-5.902-2-7 0-2.42-1.72-4.44-4.005-4.901z" />
    </svg>
  );
}

/** Issue 21 §2: the bell in the top bar: unread count, the latest notifications, a toast as one arrives. */
export function NotificationBell() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data } = useNotifications();
  useArrivalToasts(data?.items);
  const unread = data?.unread ?? 0;
  const newest = data?.items.length ? Math.max(...data.items.map((n) => n.id)) : undefined;
  const refresh = () => client.invalidateQueries({ queryKey: notificationsKey() });

  return (
    <Dropdown align="end" className="ms-auto">
      <Dropdown.Toggle
        variant="light"
        className="position-relative"
        aria-label={unread ? t('alerts.bellUnread', { count: unread }) : t('alerts.bell')}
        data-testid="notification-bell"
      >
        <BellIcon />
        {unread > 0 && (
          <Badge bg="danger" pill className="ms-1" data-testid="notification-count">
            {unread}
          </Badge>
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="notification-menu p-0" style={{ width: '22rem' }}>
        <div className="d-flex align-items-center justify-content-between px-3 py-2 border-bottom">
          <strong>{t('alerts.bell')}</strong>
          {unread > 0 && newest !== undefined && (
            <Button size="sm" variant="link" onClick={() => void markAllRead(newest).then(refresh)}>
              {t('alerts.markAllRead')}
            </Button>
          )}
        </div>
        <div style={{ maxHeight: '24rem', overflowY: 'auto' }}>
          {data?.items.length === 0 && (
            <p className="text-secondary px-3 py-2 mb-0">{t('alerts.empty')}</p>
          )}
          {data?.items.map((n) => (
            <Dropdown.Item
              as="button"
              key={n.id}
              className={n.read ? 'text-secondary' : 'fw-semibold'}
              data-testid="notification-item"
              onClick={() => void (n.read ? undefined : markRead(n.id).then(refresh))}
            >
              <div className="d-flex justify-content-between gap-2">
                <span>{notificationTitle(t, n)}</span>
                <small className="text-nowrap">{formatDateTime(n.createdAt)}</small>
              </div>
              <small className="d-block text-wrap">
                {n.assetName} · {n.ruleName}
                {n.digestCount ? ` · ${t('alerts.digest', { count: n.digestCount })}` : ''}
              </small>
            </Dropdown.Item>
          ))}
        </div>
      </Dropdown.Menu>
    </Dropdown>
  );
}
