import './locales/register';
import {
  LANGUAGES,
  NO_SMTP_ERROR,
  permissions,
  REPORT_FREQUENCIES,
  REPORT_KINDS,
  type ReportDeliveryList,
  type ReportFrequency,
  type ReportKind,
  type ReportSubscription,
} from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/fleet-time';
import { notify } from '@/components/notifications';
import { useGroups } from '@/lib/api/get-groups';
import { useAuthenticatedSession } from '@/lib/auth';
import {
  createSubscription,
  deleteSubscription,
  deliveriesKey,
  subscriptionsKey,
  useDeliveries,
  useRecipients,
  useSubscriptions,
} from './api';

const DAY_MS = 86_400_000;
const lastDay = (end: string) =>
  new Date(Date.parse(`${end}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A new subscription: which report, how often, for which group, to whom. */
function SubscriptionForm({ saved }: { saved: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useAuthenticatedSession();
  const organisationId = session.organisation_id;
  const manager = permissions.manageFleet(session.user_role);
  const groups = useGroups(organisationId).data ?? [];
  const users = useRecipients(organisationId, manager).data ?? [];
  const [kind, setKind] = useState<ReportKind>('DRIVING_STYLE');
  const [frequency, setFrequency] = useState<ReportFrequency>('WEEKLY');
  const [groupId, setGroupId] = useState('');
  const [userId, setUserId] = useState('');
  const [email, setEmail] = useState('');
  // the portal's language as the default of the e-mail's
  const [language, setLanguage] = useState<'en' | 'nl'>(
    i18n.language.startsWith('nl') ? 'nl' : 'en',
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await createSubscription(organisationId, {
        kind,
        frequency,
        email: email.trim(),
        language,
        ...(groupId ? { groupId: Number(groupId) } : {}),
        ...(userId ? { userId: Number(userId) } : {}),
      });
      notify(t('reportSubscriptions.saved'), { type: 'success' });
      setEmail('');
      saved();
    } catch (error) {
      notify(errorText(error), { type: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => void submit(e)}
      className="border rounded p-3 mb-3"
      data-testid="subscription-form"
    >
      <Row className="g-2 align-items-end">
        <Col md={3}>
          <Form.Label htmlFor="rs-kind">{t('reportSubscriptions.form.kind')}</Form.Label>
          <Form.Select
            id="rs-kind"
            value={kind}
            onChange={(e) => setKind(e.target.value as ReportKind)}
          >
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`reportSubscriptions.kinds.${k}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="rs-frequency">{t('reportSubscriptions.form.frequency')}</Form.Label>
          <Form.Select
            id="rs-frequency"
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as ReportFrequency)}
          >
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`reportSubscriptions.frequencies.${f}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="rs-group">{t('reportSubscriptions.form.group')}</Form.Label>
          <Form.Select id="rs-group" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
            <option value="">{t('reportSubscriptions.form.allGroups')}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Form.Select>
        </Col>
        {manager && (
          <Col md={2}>
            <Form.Label htmlFor="rs-user">{t('reportSubscriptions.form.recipient')}</Form.Label>
            <Form.Select id="rs-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">{t('reportSubscriptions.form.me')}</option>
              {users
                .filter((u) => u.id !== session.user_id)
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
            </Form.Select>
          </Col>
        )}
        <Col md={manager ? 3 : 5}>
          <Form.Label htmlFor="rs-email">{t('reportSubscriptions.form.email')}</Form.Label>
          <Form.Control
            id="rs-email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Col>
        <Col md={2}>
          <Form.Label htmlFor="rs-language">{t('reportSubscriptions.form.language')}</Form.Label>
          <Form.Select
            id="rs-language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as 'en' | 'nl')}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`language.${l}`)}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col md="auto">
          <Button type="submit" disabled={busy}>
            {t('reportSubscriptions.form.add')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}

function SubscriptionRow({ s, changed }: { s: ReportSubscription; changed: () => void }) {
  const { t } = useTranslation();
  const remove = async () => {
    if (!window.confirm(t('reportSubscriptions.list.deleteConfirm'))) return;
    try {
      await deleteSubscription(s.id);
      notify(t('reportSubscriptions.deleted'), { type: 'success' });
      changed();
    } catch (error) {
      notify(errorText(error), { type: 'danger' });
    }
  };
  return (
    <tr data-testid="subscription-row">
      <td>{t(`reportSubscriptions.kinds.${s.kind}`)}</td>
      <td>{t(`reportSubscriptions.frequencies.${s.frequency}`)}</td>
      <td>{s.groupName ?? t('reportSubscriptions.form.allGroups')}</td>
      <td>{s.userName}</td>
      <td>
        {s.email} <Badge bg="secondary">{s.language.toUpperCase()}</Badge>
      </td>
      <td className="text-end">
        <Button size="sm" variant="outline-danger" onClick={() => void remove()}>
          {t('reportSubscriptions.list.delete')}
        </Button>
      </td>
    </tr>
  );
}

const STATUS_COLOURS = { PENDING: 'warning', SENT: 'success', FAILED: 'danger' } as const;

function History({ data }: { data: ReportDeliveryList }) {
  const { t } = useTranslation();
  return (
    <section className="mt-4">
      <h2 className="h5">{t('reportSubscriptions.history.title')}</h2>
      {!data.smtpConfigured && (
        <p className="text-secondary">{t('reportSubscriptions.history.kept')}</p>
      )}
      {data.items.length === 0 ? (
        <p className="text-secondary">{t('reportSubscriptions.history.none')}</p>
      ) : (
        <Table size="sm" responsive data-testid="delivery-history">
          <thead>
            <tr>
              <th>{t('reportSubscriptions.form.kind')}</th>
              <th>{t('reportSubscriptions.history.period')}</th>
              <th>{t('reportSubscriptions.form.email')}</th>
              <th>{t('reportSubscriptions.history.status')}</th>
              <th>{t('reportSubscriptions.history.attempts')}</th>
              <th>{t('reportSubscriptions.history.error')}</th>
              <th>{t('reportSubscriptions.history.sentAt')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((d) => (
              <tr key={d.id}>
                <td>
                  {t(`reportSubscriptions.frequencies.${d.frequency}`)} ·{' '}
                  {t(`reportSubscriptions.kinds.${d.kind}`)}
                </td>
                <td className="text-nowrap">
                  {d.periodStart} – {lastDay(d.periodEnd)}
                </td>
                <td>{d.email}</td>
                <td>
                  <Badge bg={STATUS_COLOURS[d.status]}>
                    {t(`reportSubscriptions.history.statuses.${d.status}`)}
                  </Badge>
                </td>
                <td>{d.attempts}</td>
                <td className="text-break">
                  {d.lastError === NO_SMTP_ERROR
                    ? t('reportSubscriptions.history.noSmtp')
                    : d.lastError}
                </td>
                <td>{d.sentAt && formatDateTime(d.sentAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

/**
 * Issue 21 §4: the report subscriptions one sees (one's own; a manager's: the organisation's),
 * a form for a new one, and the history of what was sent, waits or failed.
 */
export function ReportSubscriptionsScreen({ subtitle }: { subtitle?: string }) {
  const { t } = useTranslation();
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const client = useQueryClient();
  const subscriptions = useSubscriptions(organisationId);
  const deliveries = useDeliveries(organisationId);
  const changed = () => {
    void client.invalidateQueries({ queryKey: subscriptionsKey(organisationId) });
    void client.invalidateQueries({ queryKey: deliveriesKey(organisationId) });
  };
  return (
    <div className="container-fluid py-3">
      <h1 className="h3">
        {t('reportSubscriptions.title')}
        {subtitle && <small className="text-secondary ms-2 fs-6">{subtitle}</small>}
      </h1>
      <p className="text-secondary">{t('reportSubscriptions.intro')}</p>
      <SubscriptionForm saved={changed} />
      {subscriptions.data?.length === 0 ? (
        <p className="text-secondary">{t('reportSubscriptions.list.none')}</p>
      ) : (
        <Table hover responsive data-testid="subscriptions-table">
          <thead>
            <tr>
              <th>{t('reportSubscriptions.form.kind')}</th>
              <th>{t('reportSubscriptions.form.frequency')}</th>
              <th>{t('reportSubscriptions.form.group')}</th>
              <th>{t('reportSubscriptions.list.recipient')}</th>
              <th>{t('reportSubscriptions.form.email')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {subscriptions.data?.map((s) => (
              <SubscriptionRow key={s.id} s={s} changed={changed} />
            ))}
          </tbody>
        </Table>
      )}
      {deliveries.data && <History data={deliveries.data} />}
    </div>
  );
}
