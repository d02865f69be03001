import { Alert, Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import type { Resource } from '../resources';
import { syncMarkOf } from './sync-mark';

/** 'Synchronised' (the remote in its title) or 'Deactivated' (grey) next to a record's name. */
export function SyncBadge({ record }: { record: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  const mark = syncMarkOf(record);
  if (!mark) return null;
  if (mark.kind === 'synchronised') {
    const remote = mark.remote ?? t('management.sync.anotherSystem');
    return (
      <Badge
        bg="info"
        text="dark"
        className="ms-2 fw-normal"
        title={t('management.sync.synchronisedFrom', { remote })}
        data-testid="sync-badge"
      >
        {t('management.sync.synchronised')}
      </Badge>
    );
  }
  return (
    <Badge
      bg="secondary"
      className="ms-2 fw-normal"
      title={t('management.sync.deactivatedSince', { time: formatDateTime(mark.at) })}
      data-testid="sync-badge"
    >
      {t('management.sync.deactivated')}
    </Badge>
  );
}

const STILL_ALLOWED = ['assets', 'drivers', 'devices'] as const;
type Synced = (typeof STILL_ALLOWED)[number];
const synced = (resource: Resource): resource is Synced =>
  (STILL_ALLOWED as readonly string[]).includes(resource);

/** On a record's edit screen: why its fields are locked, or that it was deactivated. */
export function SyncAlert({
  record,
  resource,
  name,
}: {
  record: Record<string, unknown> | undefined;
  resource: Resource;
  name: string;
}) {
  const { t } = useTranslation();
  const mark = syncMarkOf(record);
  if (!mark) return null;
  if (mark.kind === 'synchronised')
    return (
      <Alert variant="info" data-testid="sync-alert">
        <p className="mb-1">
          {t('management.sync.readOnly', {
            resource: t(`management.resource.${resource}`),
            name,
            remote: mark.remote ?? t('management.sync.anotherSystem'),
          })}
        </p>
        {synced(resource) && (
          <p className="mb-0 small">{t(`management.sync.stillAllowed.${resource}`)}</p>
        )}
      </Alert>
    );
  return (
    <Alert variant="secondary" data-testid="sync-alert">
      {t('management.sync.deactivatedEdit', {
        resource: t(`management.resource.${resource}`),
        name,
        time: formatDateTime(mark.at),
      })}
    </Alert>
  );
}
