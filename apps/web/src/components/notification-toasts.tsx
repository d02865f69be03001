import { useEffect, useState } from 'react';
import { Toast, ToastContainer } from 'react-bootstrap';
import { notifications, type NotificationItem } from './notifications';

/** Matches the .toast.fade transition in app.css (spec §9). */
const TRANSITION_MS = 200;

const remove = (id: number) => notifications.set(notifications.get().filter((n) => n.id !== id));

function NotificationToast({ notification: n }: { notification: NotificationItem }) {
  const [show, setShow] = useState(true);
  // Drop the toast once its fade-out has run.
  useEffect(() => {
    if (show) return;
    const timer = setTimeout(() => remove(n.id), TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [show, n.id]);

  const coloured = n.type !== 'default';
  // Bootstrap's warning and info are light: white text on them fails the contrast check.
  const light = n.type === 'warning' || n.type === 'info';
  return (
    <Toast
      show={show}
      onClose={() => setShow(false)}
      autohide
      delay={n.timeout}
      bg={coloured ? n.type : undefined}
      className={coloured ? (light ? 'text-dark' : 'text-white') : undefined}
      onClick={n.closeOnClick ? () => setShow(false) : undefined}
      role="status"
      aria-live="polite"
      data-testid="notification"
    >
      <Toast.Body>{n.message}</Toast.Body>
    </Toast>
  );
}

const ALIGN = { left: 'start', center: 'center', right: 'end' } as const;
const positionOf = (n: NotificationItem) =>
  `${n.verticalAlign}-${ALIGN[n.horizontalAlign]}` as const;

export default function NotificationToasts({ list }: { list: NotificationItem[] }) {
  return [...new Set(list.map(positionOf))].map((position) => (
    <ToastContainer
      key={position}
      position={position}
      containerPosition="fixed"
      className="app-notifications p-3"
    >
      {list
        .filter((n) => positionOf(n) === position)
        .map((n) => (
          <NotificationToast key={n.id} notification={n} />
        ))}
    </ToastContainer>
  ));
}
