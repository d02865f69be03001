import { formatDuration, type AssetMonitoring } from '@fleet/contract';
import { useState } from 'react';
import { Badge, Button, Card, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Address } from '@/components/address';
import { hrefs, type EntityType } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/fleet-time';
import { notify } from '@/components/notifications';
import { getToken, useEndMonitoring } from '../api/monitoring';
import { durationSeconds, firstPoint, lastPoint, WEBHOOK_VARIANT } from '../monitoring';
import { ConfirmButton } from './shared';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="d-flex flex-wrap gap-2">
      <dt className="fw-normal text-body-secondary" style={{ minWidth: 130 }}>
        {label}
      </dt>
      <dd className="mb-1">{children}</dd>
    </div>
  );
}

function TokenBox({ monitoringId }: { monitoringId: number }) {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  if (!token)
    return (
      <Button
        size="sm"
        variant="outline-secondary"
        onClick={() =>
          getToken(monitoringId).then(setToken, (error: unknown) =>
            notify(errorText(error), { type: 'danger' }),
          )
        }
      >
        {t('monitoring.generateToken')}
      </Button>
    );
  return (
    <InputGroup size="sm" className="mt-2" style={{ maxWidth: 640 }}>
      <InputGroup.Text as="label" htmlFor={`token-${monitoringId}`}>
        {t('monitoring.token')}
      </InputGroup.Text>
      <Form.Control
        id={`token-${monitoringId}`}
        readOnly
        value={token}
        data-testid="monitoring-token"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="outline-secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(token).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('monitoring.copied') : t('monitoring.copy')}
      </Button>
    </InputGroup>
  );
}

/** Spec §2 Monitoring card. */
export function MonitoringCard({
  monitoring: m,
  type,
}: {
  monitoring: AssetMonitoring;
  type: EntityType;
}) {
  const { t } = useTranslation();
  const end = useEndMonitoring();
  const seconds = durationSeconds(m);
  const first = firstPoint(m.dataPoints);
  const last = lastPoint(m.dataPoints);
  const webhook = m.controlRoomAlarm.webhook;
  return (
    <Card className="mb-3" data-testid="monitoring-card" data-monitoring-id={m.id}>
      <Card.Body>
        <dl className="mb-2">
          <Row label={t('monitoring.start')}>
            {formatDate(m.start)} <strong>{formatTime(m.start)}</strong>
            {' · '}
            <Address location={first?.location} />
          </Row>
          <Row label={t('monitoring.controlRoom')}>
            {m.controlRoomAlarm.controlRoomIdentifier ?? t('monitoring.noControlRoom')}
          </Row>
          <Row label={t('monitoring.alarm')}>
            <Badge bg={WEBHOOK_VARIANT[webhook.state]} data-testid="webhook-state">
              {t(`monitoring.webhook.${webhook.state}`)}
            </Badge>
            {webhook.attempts > 0 && (
              <span className="ms-2 small text-body-secondary">
                {t('monitoring.attempts', { count: webhook.attempts })}
                {webhook.lastOutcome && webhook.lastOutcome !== 'DELIVERED'
                  ? ` · ${t(`monitoring.webhookOutcome.${webhook.lastOutcome}`)}`
                  : ''}
              </span>
            )}
          </Row>
          {seconds !== null && (
            <Row label={t('monitoring.duration')}>{formatDuration(seconds)}</Row>
          )}
          <Row label={t('monitoring.device')}>{m.deviceName}</Row>
          {type === 'ASSET' ? (
            <Row label={t('monitoring.driver')}>
              {m.driverId ? (
                <Link to={hrefs.driverDetail(m.driverId)}>{m.driverName}</Link>
              ) : (
                t('monitoring.noDriver')
              )}
            </Row>
          ) : (
            <Row label={t('monitoring.asset')}>
              <Link to={hrefs.assetDetail(m.assetId)}>{m.assetName}</Link>
            </Row>
          )}
          {m.end ? (
            <Row label={t('monitoring.end')}>
              {formatDate(m.end)} <strong>{formatTime(m.end)}</strong>
              {' · '}
              <Address location={last?.location} />
            </Row>
          ) : (
            <Row label={t('monitoring.end')}>
              <strong className="text-danger" data-testid="monitoring-active">
                {t('monitoring.active')}
              </strong>
            </Row>
          )}
        </dl>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {!m.end && (
            <ConfirmButton
              question={t('monitoring.confirmEnd')}
              pending={end.isPending}
              onConfirm={() =>
                end.mutate(m.id, {
                  onSuccess: () => notify(t('monitoring.ended'), { type: 'success' }),
                  onError: (error) => notify(errorText(error), { type: 'danger' }),
                })
              }
              className="btn-sm"
            >
              {t('monitoring.endMonitoring')}
            </ConfirmButton>
          )}
          <a
            className="btn btn-sm btn-success"
            href={hrefs.monitoringView(m.accessToken)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('monitoring.monitoringView')}
            <span className="visually-hidden"> {t('monitoring.monitoringViewHint')}</span>
          </a>
          <TokenBox monitoringId={m.id} />
        </div>
      </Card.Body>
    </Card>
  );
}
