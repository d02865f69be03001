import {
  ALERT_EVENT_TYPES,
  ALERT_KINDS,
  THROTTLE_LIMIT,
  ZONE_ALERT_KINDS,
  type AlertRuleInput,
} from '@fleet/contract';
import { useState, type FormEvent } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuthenticatedSession } from '@/lib/auth';
import { useZoneChoices } from './api';

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** A new rule: what, when, where to. The server checks it again (400 with its reason). */
/** The event type a rule watches; with `anyLabel`, an empty first choice meaning every type. */
function EventTypeSelect({
  controlId,
  value,
  onChange,
  anyLabel,
}: {
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Group as={Col} md={4} controlId={controlId}>
      <Form.Label>{t('alerts.rules.eventType')}</Form.Label>
      <Form.Select value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {ALERT_EVENT_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`alerts.events.${type}`)}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

export function RuleForm({ onSubmit }: { onSubmit: (rule: AlertRuleInput) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<string>('event');
  const [eventType, setEventType] = useState<string>('HARSH_BRAKE');
  /** a case rule's event type: '' for every case */
  const [caseType, setCaseType] = useState('');
  const [silentMinutes, setSilentMinutes] = useState(30);
  const [from, setFrom] = useState('00:00');
  const [until, setUntil] = useState('00:00');
  const [emails, setEmails] = useState('');
  const [language, setLanguage] = useState<'en' | 'nl'>('en');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [throttleLimit, setThrottleLimit] = useState<number>(THROTTLE_LIMIT.default);
  const [busy, setBusy] = useState(false);
  const [zoneId, setZoneId] = useState('');
  const zoneKind = (ZONE_ALERT_KINDS as readonly string[]).includes(kind);
  const { organisation_id: organisationId } = useAuthenticatedSession();
  const zones = useZoneChoices(organisationId, zoneKind).data;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({
        name,
        kind,
        eventType:
          kind === 'event' ? eventType : kind === 'caseNeedsReview' ? caseType || null : null,
        silentMinutes: kind === 'silent' ? silentMinutes : null,
        zoneId: zoneKind && zoneId ? Number(zoneId) : null,
        activeFrom: minutes(from),
        activeUntil: minutes(until) || (minutes(from) === 0 ? 1440 : 0),
        emailTo: emails
          .split(/\s+/)
          .filter(Boolean)
          .map((address) => ({ address, language })),
        webhookUrl: webhookUrl || null,
        throttleLimit,
      });
      setName('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      onSubmit={(e) => void submit(e)}
      className="border rounded p-3 mb-4"
      data-testid="rule-form"
    >
      <Row className="g-3">
        <Form.Group as={Col} md={4} controlId="rule-name">
          <Form.Label>{t('alerts.rules.name')}</Form.Label>
          <Form.Control required value={name} onChange={(e) => setName(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} md={4} controlId="rule-kind">
          <Form.Label>{t('alerts.rules.kind')}</Form.Label>
          <Form.Select value={kind} onChange={(e) => setKind(e.target.value)}>
            {ALERT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`alerts.kinds.${k}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {kind === 'event' && (
          <EventTypeSelect controlId="rule-event" value={eventType} onChange={setEventType} />
        )}
        {kind === 'caseNeedsReview' && (
          <EventTypeSelect
            controlId="rule-case-event"
            value={caseType}
            onChange={setCaseType}
            anyLabel={t('alerts.rules.everyCase')}
          />
        )}
        {kind === 'silent' && (
          <Form.Group as={Col} md={4} controlId="rule-silent">
            <Form.Label>{t('alerts.rules.silentMinutes')}</Form.Label>
            <Form.Control
              type="number"
              min={5}
              value={silentMinutes}
              onChange={(e) => setSilentMinutes(Number(e.target.value))}
            />
          </Form.Group>
        )}
        {zoneKind && (
          <Form.Group as={Col} md={4} controlId="rule-zone">
            <Form.Label>{t('alerts.rules.zone')}</Form.Label>
            <Form.Select required value={zoneId} onChange={(e) => setZoneId(e.target.value)}>
              <option value="" disabled>
                {zones?.length === 0 ? t('alerts.rules.noZones') : '—'}
              </option>
              {zones?.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Group as={Col} md={2} controlId="rule-from">
          <Form.Label>{t('alerts.rules.from')}</Form.Label>
          <Form.Control type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="rule-until">
          <Form.Label>{t('alerts.rules.until')}</Form.Label>
          <Form.Control type="time" value={until} onChange={(e) => setUntil(e.target.value)} />
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="rule-throttle">
          <Form.Label>{t('alerts.rules.throttleLimit')}</Form.Label>
          <Form.Control
            type="number"
            min={THROTTLE_LIMIT.min}
            max={THROTTLE_LIMIT.max}
            value={throttleLimit}
            onChange={(e) => setThrottleLimit(Number(e.target.value))}
          />
        </Form.Group>
        <Form.Group as={Col} md={4} controlId="rule-emails">
          <Form.Label>{t('alerts.rules.emailTo')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={1}
            value={emails}
            onChange={(e) => setEmails(e.target.value)}
          />
        </Form.Group>
        <Form.Group as={Col} md={2} controlId="rule-language">
          <Form.Label>{t('alerts.rules.emailLanguage')}</Form.Label>
          <Form.Select
            value={language}
            onChange={(e) => setLanguage(e.target.value as 'en' | 'nl')}
          >
            <option value="en">English</option>
            <option value="nl">Nederlands</option>
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="rule-webhook">
          <Form.Label>{t('alerts.rules.webhookUrl')}</Form.Label>
          <Form.Control
            type="url"
            value={webhookUrl}
            onChange={(e) => setWebhookUrl(e.target.value)}
          />
        </Form.Group>
        <Col md={6} className="d-flex align-items-end">
          <Button type="submit" disabled={busy}>
            {t('alerts.rules.add')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
