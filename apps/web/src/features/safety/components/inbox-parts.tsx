import {
  DEFAULT_CASE_EVENT_TYPES,
  EVENT_TYPES,
  type SafetyCaseCounts,
  type SafetyCaseStatus,
} from '@fleet/contract';
import { useId } from 'react';
import { Badge, Button, Form, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useAssetOptions, useDriverOptions, type Option } from '../api/entities';
import type { InboxState } from '../inbox-state';
import { STATUS_VARIANT } from './shared';

/** The tabs' order: what needs attention first, what is closed last. */
const TAB_ORDER: readonly SafetyCaseStatus[] = [
  'NEEDS_REVIEW',
  'NEEDS_COACHING',
  'COACHED',
  'RECOGNISED',
  'DISMISSED',
];

/** All, then a tab per status, each with how many cases match the other filters. */
export function StatusTabs({
  status,
  counts,
  onChange,
}: {
  status: SafetyCaseStatus | undefined;
  counts: SafetyCaseCounts | undefined;
  onChange: (status: SafetyCaseStatus | undefined) => void;
}) {
  const { t } = useTranslation();
  const count = (value: number | undefined, variant = 'secondary') => (
    <Badge pill bg={variant} className="ms-2" text={variant === 'warning' ? 'dark' : undefined}>
      {value ?? '…'}
    </Badge>
  );
  return (
    <Nav
      variant="tabs"
      className="mb-3 flex-wrap"
      activeKey={status ?? 'ALL'}
      onSelect={(key) => onChange(key === 'ALL' ? undefined : (key as SafetyCaseStatus))}
      aria-label={t('safety.inbox.statusTabs')}
    >
      <Nav.Item>
        <Nav.Link eventKey="ALL" data-testid="status-tab-ALL">
          {t('safety.inbox.all')}
          {count(counts?.total)}
        </Nav.Link>
      </Nav.Item>
      {TAB_ORDER.map((key) => (
        <Nav.Item key={key}>
          <Nav.Link eventKey={key} data-testid={`status-tab-${key}`}>
            {t(`safety.status.${key}`)}
            {count(counts?.[key], counts?.[key] ? STATUS_VARIANT[key] : 'secondary')}
            {key === 'NEEDS_COACHING' && !!counts?.overdue && (
              <Badge pill bg="danger" className="ms-1">
                {counts.overdue} {t('safety.inbox.overdue')}
              </Badge>
            )}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}

function OptionSelect({
  id,
  label,
  any,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  any: string;
  value: number | undefined;
  options: Option[] | undefined;
  onChange: (id: number | undefined) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select
        style={{ minWidth: '11rem' }}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">{any}</option>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/** The event types offered: those that become cases by default first, then the others. */
const EVENT_TYPE_CHOICES = [
  ...DEFAULT_CASE_EVENT_TYPES,
  ...EVENT_TYPES.filter((type) => !(DEFAULT_CASE_EVENT_TYPES as readonly string[]).includes(type)),
];

/** Event type, asset, driver and 'with a clip only'; each applies at once. */
export function InboxFilters({
  organisationId,
  state,
  onChange,
}: {
  organisationId: number;
  state: InboxState;
  onChange: (change: Partial<InboxState>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const eventLabel = useEventTypeLabel();
  const assets = useAssetOptions(organisationId);
  const drivers = useDriverOptions(organisationId);
  return (
    <div
      className="d-flex flex-wrap align-items-end gap-3 mb-3"
      role="group"
      aria-label={t('safety.inbox.filters')}
    >
      <Form.Group controlId={`${id}-type`}>
        <Form.Label className="small mb-1">{t('safety.inbox.eventType')}</Form.Label>
        <Form.Select
          value={state.eventType ?? ''}
          onChange={(event) => onChange({ eventType: event.target.value || undefined })}
        >
          <option value="">{t('safety.inbox.anyEventType')}</option>
          {EVENT_TYPE_CHOICES.map((type) => (
            <option key={type} value={type}>
              {eventLabel(type)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <OptionSelect
        id={`${id}-asset`}
        label={t('safety.inbox.asset')}
        any={t('safety.inbox.anyAsset')}
        value={state.assetId}
        options={assets.data}
        onChange={(assetId) => onChange({ assetId })}
      />
      <OptionSelect
        id={`${id}-driver`}
        label={t('safety.inbox.driver')}
        any={t('safety.inbox.anyDriver')}
        value={state.driverId}
        options={drivers.data}
        onChange={(driverId) => onChange({ driverId })}
      />
      <Form.Check
        id={`${id}-clip`}
        className="mb-2"
        label={t('safety.inbox.hasClip')}
        checked={state.hasClip}
        onChange={(event) => onChange({ hasClip: event.target.checked })}
      />
    </div>
  );
}

/** What the selected rows can have done to them at once. */
export function BulkBar({
  count,
  onDismiss,
  onCoach,
  onClear,
}: {
  count: number;
  onDismiss: () => void;
  onCoach: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2 p-2 rounded bg-body-tertiary border"
      role="region"
      aria-label={t('safety.bulk.selected', { count })}
      data-testid="bulk-bar"
    >
      <strong className="me-2">{t('safety.bulk.selected', { count })}</strong>
      <Button size="sm" variant="outline-secondary" onClick={onDismiss}>
        {t('safety.bulk.dismiss')}
      </Button>
      <Button size="sm" variant="outline-primary" onClick={onCoach}>
        {t('safety.bulk.coach')}
      </Button>
      <Button size="sm" variant="link" onClick={onClear}>
        {t('safety.bulk.clear')}
      </Button>
    </div>
  );
}
