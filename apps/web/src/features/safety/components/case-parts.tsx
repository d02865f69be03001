import type { SafetyCaseDetail, SafetyHistoryEntry } from '@fleet/contract';
import { useId, useState, type FormEvent } from 'react';
import { Badge, Button, Card, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hrefs } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';
import { useAddComment } from '../api/cases';
import { StatusBadge } from './shared';

/** The event and who it concerns: time, type, speed, asset and driver (linked), the coaching. */
export function CaseFacts({ item }: { item: SafetyCaseDetail }) {
  const { t } = useTranslation();
  const eventLabel = useEventTypeLabel();
  const rows: [string, React.ReactNode][] = [
    [t('safety.case.time'), formatDateTime(item.eventTime)],
    [t('safety.case.eventType'), eventLabel(item.eventType)],
    [
      t('safety.case.speed'),
      item.speed === null ? '–' : t('safety.case.speedValue', { speed: Math.round(item.speed) }),
    ],
    [
      t('safety.case.asset'),
      <Link key="asset" to={hrefs.assetDetail(item.assetId)} data-testid="case-asset">
        {item.assetName}
      </Link>,
    ],
    [
      t('safety.case.driver'),
      item.driverId ? (
        <Link key="driver" to={hrefs.driverDetail(item.driverId)} data-testid="case-driver">
          {item.driverName}
        </Link>
      ) : (
        t('safety.case.unknownDriver')
      ),
    ],
  ];
  if (item.coachName) rows.push([t('safety.case.coach'), item.coachName]);
  if (item.dueDate) rows.push([t('safety.case.dueDate'), item.dueDate]);
  if (item.status === 'NEEDS_COACHING' || item.status === 'COACHED')
    rows.push([
      t('safety.case.acknowledged'),
      item.acknowledgedAt ? formatDateTime(item.acknowledgedAt) : t('safety.case.notAcknowledged'),
    ]);
  return (
    <Card className="mb-3">
      <Card.Header className="d-flex justify-content-between align-items-center">
        {t('safety.case.facts')}
        <StatusBadge status={item.status} overdue={item.overdue} />
      </Card.Header>
      <Table size="sm" borderless className="mb-0">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th className="fw-normal text-body-secondary ps-3" style={{ width: '40%' }}>
                {label}
              </th>
              <td className="pe-3">{value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

/** What a history entry says beyond its action: reason, coach and due date, method, texts. */
function EntryDetails({ entry }: { entry: SafetyHistoryEntry }) {
  const { t } = useTranslation();
  const parts = [
    entry.reason && t(`safety.reasons.${entry.reason}`),
    entry.coachName && `${t('safety.case.coach')}: ${entry.coachName}`,
    entry.dueDate && `${t('safety.case.dueDate')}: ${entry.dueDate}`,
    entry.method && t(`safety.methods.${entry.method}`),
  ].filter(Boolean);
  return (
    <>
      {parts.length > 0 && <div className="small">{parts.join(' · ')}</div>}
      {entry.text && <div className="small fst-italic">“{entry.text}”</div>}
      {entry.notes && <div className="small fst-italic">“{entry.notes}”</div>}
    </>
  );
}

/** Every change of the case, oldest first: who, when, what and why; undone ones struck. */
export function CaseHistory({ history }: { history: SafetyHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Card className="mb-3">
      <Card.Header>{t('safety.case.history')}</Card.Header>
      <Card.Body>
        <ol className="list-unstyled mb-0 d-flex flex-column gap-2" data-testid="case-history">
          {history.map((entry) => (
            <li key={entry.id} data-testid="history-entry" data-action={entry.action}>
              <div className={entry.undoneAt ? 'text-decoration-line-through' : undefined}>
                <strong>{t(`safety.historyActions.${entry.action}`)}</strong>{' '}
                <span className="text-body-secondary small">
                  {formatDateTime(entry.at)} ·{' '}
                  {t('safety.case.historyBy', { name: entry.userName ?? t('safety.case.system') })}
                </span>
                {entry.undoneAt && (
                  <Badge bg="secondary" className="ms-2">
                    {t('safety.case.undone')}
                  </Badge>
                )}
              </div>
              <EntryDetails entry={entry} />
            </li>
          ))}
        </ol>
      </Card.Body>
    </Card>
  );
}

/** The comment thread, oldest first, and a box to add one (for who may comment). */
export function CaseComments({ item }: { item: SafetyCaseDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddComment(item.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <Card className="mb-3">
      <Card.Header>{t('safety.case.comments')}</Card.Header>
      <Card.Body>
        {item.comments.length === 0 ? (
          <p className="text-body-secondary small">{t('safety.case.noComments')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-column gap-2" data-testid="case-comments">
            {item.comments.map((comment) => (
              <li key={comment.id} data-testid="case-comment">
                <div className="small text-body-secondary">
                  {comment.userName ?? t('safety.case.system')} · {formatDateTime(comment.at)}
                </div>
                <div style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</div>
              </li>
            ))}
          </ul>
        )}
        {item.mayComment && (
          <Form onSubmit={submit}>
            <Form.Group controlId={`${id}-comment`} className="mb-2">
              <Form.Label className="small">{t('safety.case.comment')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            </Form.Group>
            {add.error && <div className="text-danger small mb-2">{errorText(add.error)}</div>}
            <Button type="submit" size="sm" disabled={!text.trim() || add.isPending}>
              {add.isPending && <Spinner size="sm" className="me-2" />}
              {t('safety.case.addComment')}
            </Button>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}

/** Who viewed, played or downloaded the case's footage, newest first. */
export function CaseAudit({ item }: { item: SafetyCaseDetail }) {
  const { t } = useTranslation();
  if (item.media.length === 0) return null;
  return (
    <Card className="mb-3">
      <Card.Header>{t('safety.case.audit')}</Card.Header>
      <Card.Body>
        {item.audit.length === 0 ? (
          <p className="text-body-secondary small mb-0">{t('safety.case.noAudit')}</p>
        ) : (
          <ul className="list-unstyled small mb-0" data-testid="case-audit">
            {item.audit.map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.at)} · {entry.userName ?? t('safety.case.system')}{' '}
                {t(`safety.case.auditActions.${entry.action}`)} #{entry.mediaId}
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
