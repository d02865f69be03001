import type { DeviceSettingsStatus } from '@fleet/contract';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { SettingsState } from '../columns';

/** Each device and whether it applied the settings its asset has now (issue 10 §7). */
export function DeviceStatesTable({
  devices,
  title,
  empty,
}: {
  devices: DeviceSettingsStatus[];
  title: string;
  empty: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <Card.Header as="h2" className="h6 mb-0 py-2">
        {title}
      </Card.Header>
      {devices.length === 0 ? (
        <Card.Body className="text-body-secondary">{empty}</Card.Body>
      ) : (
        <Table responsive className="mb-0 align-middle" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">{t('management.fields.deviceName')}</th>
              <th scope="col">{t('management.fields.identifier')}</th>
              <th scope="col">{t('management.fields.assetName')}</th>
              <th scope="col">{t('management.fields.configuration')}</th>
              <th scope="col">{t('management.configs.since')}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.deviceId} data-testid="device-state">
                <td>{device.deviceName}</td>
                <td>{device.identifier}</td>
                <td>{device.assetName}</td>
                <td>
                  <SettingsState state={device.configuration} />
                  {device.configuration?.state === 'APPLIED' && !device.upToDate && (
                    <span className="ms-2 small text-body-secondary">
                      {t('management.configs.outdated')}
                    </span>
                  )}
                  {device.configuration?.reason && (
                    <div className="small text-danger">{device.configuration.reason}</div>
                  )}
                </td>
                <td className="small text-body-secondary">
                  {formatDateTime(
                    device.configuration?.appliedAt ?? device.configuration?.sentAt ?? null,
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
