import './locales/register';
import type { AlertRule } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { notify } from '@/components/notifications';
import { useAuthenticatedSession } from '@/lib/auth';
import { createRule, deleteRule, rulesKey, updateRule, useMails, useRules } from './api';
import { RuleForm } from './rule-form';

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

function RuleRow({ rule, changed }: { rule: AlertRule; changed: () => void }) {
  const { t } = useTranslation();
  const kindName = t(`alerts.kinds.${rule.kind}` as never, { defaultValue: rule.kind });
  const eventName =
    rule.eventType &&
    t(`alerts.events.${rule.eventType}` as never, { defaultValue: rule.eventType });
  const what =
    rule.kind === 'event' && eventName
      ? eventName
      : rule.kind === 'caseNeedsReview' && eventName
        ? `${kindName}: ${eventName}`
        : kindName;
  const allDay = rule.activeFrom === 0 && rule.activeUntil === 1440 && rule.activeDays === 127;
  const toggle = async (enabled: boolean) => {
    await updateRule(rule.id, { name: rule.name, kind: rule.kind, enabled });
    changed();
  };
  const remove = async () => {
    if (!window.confirm(t('alerts.rules.deleteConfirm', { name: rule.name }))) return;
    await deleteRule(rule.id);
    changed();
  };
  return (
    <tr data-testid="rule-row">
      <td>{rule.name}</td>
      <td>
        {what}
        {rule.kind === 'silent' && ` (${rule.silentMinutes} min)`}
      </td>
      <td>
        {allDay ? t('alerts.rules.allDay') : `${hhmm(rule.activeFrom)}–${hhmm(rule.activeUntil)}`}
      </td>
      <td>
        {rule.notifyPortal && (
          <Badge bg="secondary" className="me-1">
            {t('alerts.rules.portal')}
          </Badge>
        )}
        {rule.emailTo.map((e) => (
          <Badge key={e.address} bg="info" className="me-1">
            {e.address}
          </Badge>
        ))}
        {rule.webhookUrl && <Badge bg="dark">webhook</Badge>}
      </td>
      <td>{rule.throttleLimit}</td>
      <td>
        <Form.Check
          type="switch"
          aria-label={`${t('alerts.rules.enabled')}: ${rule.name}`}
          checked={rule.enabled}
          onChange={(e) => void toggle(e.target.checked)}
        />
      </td>
      <td>
        <Button size="sm" variant="outline-danger" onClick={() => void remove()}>
          {t('alerts.rules.delete')}
        </Button>
      </td>
    </tr>
  );
}

function MailList({ organisationId }: { organisationId: number }) {
  const { t } = useTranslation();
  const { data } = useMails(organisationId);
  if (!data) return null;
  return (
    <section className="mt-4">
      <h2 className="h5">{t('alerts.mails.title')}</h2>
      {!data.smtpConfigured && <p className="text-secondary">{t('alerts.mails.kept')}</p>}
      {data.items.length === 0 ? (
        <p className="text-secondary">{t('alerts.mails.none')}</p>
      ) : (
        <Table size="sm" responsive>
          <thead>
            <tr>
              <th>{t('alerts.mails.at')}</th>
              <th>{t('alerts.mails.to')}</th>
              <th>{t('alerts.mails.subject')}</th>
              <th>{t('alerts.mails.status')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.slice(0, 50).map((m) => (
              <tr key={m.id}>
                <td>{formatDateTime(m.createdAt)}</td>
                <td>{m.toAddress}</td>
                <td>{m.subject}</td>
                <td>{t(`alerts.mails.statuses.${m.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/** Issue 21 §2: the organisation's alert rules, a form for a new one, and its alert e-mails. */
export function AlertRulesScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const client = useQueryClient();
  const { data: rules, isPending } = useRules(organisationId);
  const changed = () => void client.invalidateQueries({ queryKey: rulesKey(organisationId) });
  return (
    <div className="container-fluid py-3">
      <h1 className="h3">
        {t('alerts.rules.title')}
        {subtitle && <small className="text-secondary ms-2 fs-6">{subtitle}</small>}
      </h1>
      <p className="text-secondary">{t('alerts.rules.intro')}</p>
      <RuleForm
        onSubmit={async (rule) => {
          await createRule(organisationId, rule);
          notify(t('alerts.rules.saved'), { type: 'success' });
          changed();
        }}
      />
      {isPending ? (
        <p>{t('alerts.rules.loading')}</p>
      ) : rules?.length === 0 ? (
        <p className="text-secondary">{t('alerts.rules.none')}</p>
      ) : (
        <Table hover responsive data-testid="rules-table">
          <thead>
            <tr>
              <th>{t('alerts.rules.name')}</th>
              <th>{t('alerts.rules.kind')}</th>
              <th>{t('alerts.rules.hours')}</th>
              <th>{t('alerts.rules.channels')}</th>
              <th>{t('alerts.rules.throttleLimit')}</th>
              <th>{t('alerts.rules.enabled')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rules?.map((rule) => (
              <RuleRow key={rule.id} rule={rule} changed={changed} />
            ))}
          </tbody>
        </Table>
      )}
      <MailList organisationId={organisationId} />
    </div>
  );
}
